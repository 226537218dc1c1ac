// A storage whose load in parts gives its first part at once and holds the rest until the test
// calls `release`: a workspace caught between its first part and the rest.
import type { StorageAdapter } from '../../lib/storage/types';

export function heldAfterFirstPart(inner: StorageAdapter): { storage: StorageAdapter; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((done) => (release = done));
  const storage: StorageAdapter = {
    ...inner,
    async *loadInParts(options) {
      const parts = inner.loadInParts!(options);
      const head = await parts.next();
      if (head.done) return;
      yield head.value;
      await gate;
      yield* parts;
    },
  };
  return { storage, release };
}
