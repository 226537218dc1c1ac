import { useEffect } from 'react';

/** Search keys computed per idle slice: small enough to stay well under one frame. */
const SLICE = 2_000;

type Idle = (callback: () => void) => () => void;
const whenIdle: Idle =
  typeof requestIdleCallback === 'function'
    ? (callback) => {
        const handle = requestIdleCallback(callback, { timeout: 1_000 });
        return () => cancelIdleCallback(handle);
      }
    : (callback) => {
        const handle = setTimeout(callback, 0);
        return () => clearTimeout(handle);
      };

/**
 * Prepares a list search's keys while the page is idle, a slice at a time, so the first
 * keystroke on a large list filters at once instead of lower-casing every record first.
 */
export function usePreparedSearch(search: { prepare(start: number, count: number): number | null }) {
  useEffect(() => {
    let cancel = () => {};
    const step = (start: number) => {
      cancel = whenIdle(() => {
        const next = search.prepare(start, SLICE);
        if (next !== null) step(next);
      });
    };
    step(0);
    return () => cancel();
  }, [search]);
}
