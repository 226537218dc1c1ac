import { createContext, useContext, type ReactNode } from 'react';
import { getStore, type Store } from '../../lib/store/createStore';

const StoreContext = createContext<Store | null>(null);

/** Gives screens a store other than the page-wide one (tests, storybook-like setups, the host app). */
export function StoreProvider({ store, children }: { store: Store; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store of the nearest provider, else the page-wide store shared by every element. */
export function useStore(): Store {
  return useContext(StoreContext) ?? getStore();
}
