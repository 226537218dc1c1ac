import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface UseControllableStateOptions<T> {
  /** The value when the parent owns it (controlled). `undefined` leaves the state to the component. */
  value?: T | undefined;
  /** The first value when the component owns it (uncontrolled). */
  defaultValue: T;
  /** Called with each value the component sets, whoever owns the state. */
  onValueChange?: ((value: T) => void) | undefined;
}

/**
 * State that a parent may own, as Radix does: pass `value` to control it, or `defaultValue` to
 * let the component keep it; either way `onValueChange` hears each change. This is the one
 * way props become state in a screen, so a screen never copies a prop into state in an
 * effect, during render, or by being remounted with a new key.
 *
 * The component's own copy follows every value it sets, even while controlled, so when a
 * parent stops controlling it (an attribute removed, a URL parameter dropped) it goes on from
 * the last value instead of an older one.
 */
export function useControllableState<T>({ value, defaultValue, onValueChange }: UseControllableStateOptions<T>) {
  const [own, setOwn] = useState<T>(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  // The setter stays the same across renders while reading the latest value and callback.
  const latest = useRef({ current, onValueChange });
  useLayoutEffect(() => {
    latest.current = { current, onValueChange };
  });

  const setValue = useCallback((next: T | ((previous: T) => T)) => {
    const { current: previous, onValueChange: notify } = latest.current;
    const resolved = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
    if (Object.is(resolved, previous)) return;
    latest.current = { ...latest.current, current: resolved };
    setOwn(resolved);
    notify?.(resolved);
  }, []);

  return [current, setValue] as const;
}
