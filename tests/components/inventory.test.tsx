import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../lib/i18n';
import { Inventory } from '../../widgets/inventory';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

describe('<Inventory>', () => {
  it('shows the summary cards and the sample items with their statuses', async () => {
    await renderScreen(<Inventory />);
    const summary = await screen.findByRole('region', { name: 'Inventory summary' });
    expect(within(summary).getByText('Total Items').nextElementSibling).toHaveTextContent('5');
    expect(within(summary).getByText('Total Value').nextElementSibling).toHaveTextContent('$5,950.00');
    const table = screen.getByRole('table', { name: 'Inventory items' });
    const phoneCase = within(table).getByText('Phone Case').closest('tr')!;
    expect(within(phoneCase).getByText('Out of Stock')).toBeInTheDocument();
    const charger = within(table).getByText('Portable Charger').closest('tr')!;
    expect(within(charger).getByText('Not set')).toBeInTheDocument();
  });

  it('searches by name or SKU and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderScreen(<Inventory />);
    const search = await screen.findByRole('searchbox', { name: 'Search inventory' });
    await user.type(search, 'sku-002');
    expect(screen.getByText('Smart Watch')).toBeInTheDocument();
    expect(screen.queryByText('Phone Case')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'no such thing');
    expect(screen.getByText('No inventory items found')).toBeInTheDocument();
  });

  it('filters to low stock only', async () => {
    const user = userEvent.setup();
    await renderScreen(<Inventory />);
    await user.click(await screen.findByRole('checkbox', { name: 'Low stock only' }));
    expect(screen.queryByText('Wireless Earbuds')).not.toBeInTheDocument();
    expect(screen.getByText('Bluetooth Speaker')).toBeInTheDocument();
  });

  it('refuses an item without SKU and name with the spec message, and adds a valid one', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Inventory />);
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in SKU and name');
    expect(store.inventory.items.items.value).toHaveLength(5);
    await user.type(within(dialog).getByLabelText('SKU'), 'TRI-1');
    await user.type(within(dialog).getByLabelText('Product Name'), 'Tripod');
    await user.type(within(dialog).getByLabelText('Initial Quantity'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Tripod')).toBeInTheDocument();
    expect(store.inventory.items.items.value.find((i) => i.sku === 'TRI-1')).toMatchObject({ quantity: 3, lowStockThreshold: 10 });
  });

  it('edits a quantity inline, and cancel leaves it unchanged', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Inventory />);
    await user.click(await screen.findByRole('button', { name: 'Edit quantity of Phone Case' }));
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Phone Case' });
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Cancel editing quantity of Phone Case' }));
    expect(store.inventory.items.get('inv_3')?.quantity).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Edit quantity of Phone Case' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity of Phone Case' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity of Phone Case' }), '7{Enter}');
    expect(store.inventory.items.get('inv_3')?.quantity).toBe(7);
    const row = screen.getByText('Phone Case').closest('tr')!;
    expect(within(row).getByText('Low Stock')).toBeInTheDocument();
  });

  it('shows an item in View Details', async () => {
    const user = userEvent.setup();
    await renderScreen(<Inventory />);
    await user.click(await screen.findByRole('button', { name: 'View details of Smart Watch' }));
    const dialog = screen.getByRole('dialog', { name: 'Smart Watch' });
    expect(within(dialog).getByText('SKU-002')).toBeInTheDocument();
    expect(within(dialog).getByText('Warehouse B')).toBeInTheDocument();
  });

  it('disables changes for a Viewer, with the reason', async () => {
    const { store } = await renderScreen(<Inventory />);
    store.session.signIn('tm_3');
    const add = await screen.findByRole('button', { name: 'Add Item' });
    await screen.findByText('Smart Watch');
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('title', 'Your role cannot make changes in this workspace');
  });

  it('says why a control is disabled in the screen’s language', async () => {
    await loadLanguage('es');
    const { store } = await renderScreen(
      <LanguageProvider lang="es">
        <Inventory />
      </LanguageProvider>,
    );
    store.session.signIn('tm_3');
    const add = await screen.findByRole('button', { name: 'Añadir artículo' });
    await screen.findByText('Smart Watch');
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('title', 'Tu rol no permite hacer cambios en este espacio de trabajo');
  });

  it('edits an item: name, threshold, reorder point and location', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Inventory />);
    await user.click(await screen.findByRole('button', { name: 'View details of Smart Watch' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Smart Watch' })).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Smart Watch' });
    await user.clear(within(dialog).getByLabelText('Product Name'));
    await user.type(within(dialog).getByLabelText('Product Name'), 'Smart Watch 2');
    await user.clear(within(dialog).getByLabelText('Low Stock Threshold'));
    await user.type(within(dialog).getByLabelText('Low Stock Threshold'), '4');
    await user.clear(within(dialog).getByLabelText('Reorder Point'));
    await user.type(within(dialog).getByLabelText('Reorder Point'), '9');
    await user.clear(within(dialog).getByLabelText('Location'));
    await user.type(within(dialog).getByLabelText('Location'), 'Shelf 12');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const details = screen.getByRole('dialog', { name: 'Smart Watch 2' });
    expect(within(details).getByText('Shelf 12')).toBeInTheDocument();
    expect(store.inventory.items.items.value.find((i) => i.sku === 'SKU-002')).toMatchObject({ name: 'Smart Watch 2', lowStockThreshold: 4, reorderPoint: 9, location: 'Shelf 12' });
    expect((await screen.findAllByText('Smart Watch 2 updated')).length).toBeGreaterThan(0);
  });

  it('deletes an item only after asking', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Inventory />);
    await user.click(await screen.findByRole('button', { name: 'View details of Smart Watch' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Smart Watch' })).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Smart Watch?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(store.inventory.items.items.value).toHaveLength(5);
    await user.click(within(screen.getByRole('dialog', { name: 'Smart Watch' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Smart Watch?' })).getByRole('button', { name: 'Delete item' }));
    expect(store.inventory.items.items.value).toHaveLength(4);
    expect(within(screen.getByRole('table', { name: 'Inventory items' })).queryByText('Smart Watch')).not.toBeInTheDocument();
  });

  it('item details follow itemId and report the open item, so the host keeps it in the URL', async () => {
    const user = userEvent.setup();
    const opened: (string | undefined)[] = [];
    await renderScreen(<Inventory itemId="inv_2" onItemIdChange={(id) => opened.push(id)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Smart Watch' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'View details of Phone Case' }));
    expect(opened).toEqual([undefined, 'inv_3']);
  });

  it('a CSV import shows what will change and writes nothing until applied', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Inventory />);
    const csv = 'SKU,Product Name,Quantity,Low Stock Threshold,Reorder Point,Location\nSKU-002,Smart Watch,40,10,20,\nNEW-9,Ring Light,6,2,4,Shelf 1\n,Nameless,1,1,1,\n';
    await user.upload(await screen.findByLabelText('Import inventory CSV file'), new File([csv], 'stock.csv', { type: 'text/csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import preview' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('stock.csv: 1 new, 1 updated, 0 unchanged, 1 rejected');
    const rows = within(dialog).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows[0]).toMatch(/Smart Watch.*Updated: Quantity \d+ → 40/);
    expect(rows[1]).toContain('New item');
    expect(rows[2]).toContain('Not imported: Please fill in SKU and name');
    expect(store.inventory.items.items.value).toHaveLength(5);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.inventory.items.items.value).toHaveLength(5);
    await user.upload(screen.getByLabelText('Import inventory CSV file'), new File([csv], 'stock.csv', { type: 'text/csv' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Import preview' })).getByRole('button', { name: 'Apply import' }));
    expect(store.inventory.items.items.value).toHaveLength(6);
    expect(store.inventory.items.items.value.find((i) => i.sku === 'SKU-002')?.quantity).toBe(40);
  });
});
