import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createStore, type StoreOptions } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import { NavigationProvider } from '../../widgets/ui/navigation';
import { StoreProvider } from '../../widgets/ui/store-context';

/** A fixed clock for deterministic tests. */
export const FIXED_NOW = new Date('2026-03-10T12:00:00.000Z');

/** A store of its own in memory, seeded with the sample data, and loaded. */
export async function makeStore(options: StoreOptions = {}) {
  const store = createStore({ storage: createMemoryStorage(), now: () => FIXED_NOW, ...options });
  await store.loaded;
  return store;
}

/** Renders a screen with its own store and a navigation that records where it went. */
export async function renderScreen(ui: ReactElement, options: StoreOptions = {}) {
  const store = await makeStore(options);
  const visited: string[] = [];
  const result = render(
    <StoreProvider store={store}>
      <NavigationProvider value={{ navigate: (href) => visited.push(href) }}>{ui}</NavigationProvider>
    </StoreProvider>,
  );
  return { store, visited, ...result, screen };
}
