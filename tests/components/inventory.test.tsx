import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Inventory } from '../../widgets/inventory';
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
});
