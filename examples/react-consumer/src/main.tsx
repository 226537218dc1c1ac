// A consumer app: two Creatorflow screens from npm, its own navigation, and the store
// read without React. Type-checked with skipLibCheck off against the packed tarball.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppToaster, NavigationProvider } from 'creatorflow';
import { Inventory, InventorySummary } from 'creatorflow/inventory';
import { getStore, effect } from 'creatorflow/store';
import 'creatorflow/elements/inventory';

function StockCounter() {
  const [count, setCount] = useState(0);
  useEffect(() => effect(() => setCount(getStore().inventory.items.items.value.length)), []);
  return <p role="status">The store holds {count} inventory items.</p>;
}

function App() {
  const [lastLink, setLastLink] = useState<string | null>(null);
  return (
    <NavigationProvider value={{ navigate: (href) => setLastLink(href) }}>
      <main>
        <h1>My company dashboard</h1>
        <StockCounter />
        {lastLink && <p>Creatorflow asked to open {lastLink}</p>}
        <InventorySummary />
        <Inventory defaultLowStockOnly />
        <h2>The same screen as a custom element</h2>
        <cf-inventory-summary></cf-inventory-summary>
      </main>
      <AppToaster />
    </NavigationProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
