// A view of the store whose actions attribute their changes to `origin` (an element, say):
// the change feed then tells that origin's changes apart from everyone else's.
import type { Store } from './createStore';

const views = new WeakMap<Store, Map<unknown, Store>>();

const isPlainSlice = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !('peek' in value) && !('then' in value);

/** The same store, with every action run as `origin`'s. One view per origin, so identity is stable. */
export function attributedTo(store: Store, origin: unknown): Store {
  let byOrigin = views.get(store);
  if (!byOrigin) views.set(store, (byOrigin = new Map<unknown, Store>()));
  const existing = byOrigin.get(origin);
  if (existing) return existing;
  const wrap =
    <F extends (...args: never[]) => unknown>(fn: F) =>
    (...args: Parameters<F>) =>
      store.withOrigin(origin, () => fn(...args));
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(store)) {
    if (typeof value === 'function' && key !== 'withOrigin' && key !== 'listen') view[key] = wrap(value);
    else if (isPlainSlice(value)) {
      const slice: Record<string, unknown> = {};
      for (const [name, member] of Object.entries(value)) slice[name] = typeof member === 'function' ? wrap(member as (...args: never[]) => unknown) : member;
      view[key] = slice;
    } else view[key] = value;
  }
  byOrigin.set(origin, view as Store);
  return view as Store;
}
