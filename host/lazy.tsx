// Screens and pages that load on first visit, like React.lazy, and can be preloaded: a route's
// chunk starts loading as soon as its URL is opened (host/main.tsx), and a component whose
// module is already there renders at once instead of suspending. A suspended lazy component
// shows its fallback and is revealed no sooner than React's throttle allows (300 ms), which
// would hold back a page whose code had long arrived.
import { lazy, useState, type ComponentType, type JSX } from 'react';

export type PreloadableComponent<P extends object> = ((props: P) => JSX.Element) & {
  /** Loads the component's module; it then renders without suspending. */
  preload(): Promise<void>;
};

/** `pick`'s component from the module `load` imports, loaded on first render or on `preload()`. */
export function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const importComponent = () =>
    load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    });
  const Lazy = lazy(importComponent);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload: () => importComponent().then(() => undefined) });
}
