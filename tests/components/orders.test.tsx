import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Orders } from '../../widgets/orders';
import { renderScreen } from '../helpers/render';

vi.mock('../../widgets/orders/printLabel', () => ({ printShippingLabel: vi.fn() }));
const { printShippingLabel } = await import('../../widgets/orders/printLabel');

const table = () => screen.getByRole('table', { name: 'Orders' });
const orderNumbers = () =>
  within(table())
    .queryAllByRole('row', { name: /^Open order/ })
    .map((row) => row.getAttribute('aria-label')!.replace('Open order ', ''));

describe('<Orders> list', () => {
  it('shows the count and the columns Order, Customer, Kind, Status, Items, Date, Total', async () => {
    await renderScreen(<Orders />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('3 orders')).toBeInTheDocument();
    const headers = within(table()).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers).toEqual(['Order', 'Customer', 'Kind', 'Status', 'Items', 'Date', 'Total']);
    const row = within(table()).getByRole('row', { name: 'Open order ORD-1001' });
    expect(within(row).getByText('Sale')).toBeInTheDocument();
    expect(within(row).getByText('Olivia Brown')).toBeInTheDocument();
    expect(within(row).getByText('Mar 9, 2026')).toBeInTheDocument();
    expect(within(row).getByText('$138.83')).toBeInTheDocument();
  });

  it('searches by order number, customer name or email, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderScreen(<Orders />);
    const search = await screen.findByRole('searchbox', { name: 'Search orders' });
    await user.type(search, 'LIAM.WILSON@');
    expect(orderNumbers()).toEqual(['ORD-1002']);
    expect(screen.getByText('1 of 3 orders')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No orders found')).toBeInTheDocument();
  });

  it('filter panel: multi-select statuses, and Clear filters shows all again', async () => {
    const user = userEvent.setup();
    await renderScreen(<Orders />);
    const panel = await screen.findByRole('group', { name: 'Filter by status' });
    expect(within(panel).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual([
      'New',
      'Processing',
      'Shipped',
      'Delivered',
      'Canceled',
      'Refunded',
    ]);
    await user.click(within(panel).getByRole('checkbox', { name: 'New' }));
    expect(orderNumbers()).toEqual(['ORD-1001']);
    await user.click(within(panel).getByRole('checkbox', { name: 'Shipped' }));
    expect(orderNumbers().sort()).toEqual(['ORD-1001', 'ORD-1003']);
    await user.click(within(panel).getByRole('checkbox', { name: 'New' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Shipped' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Delivered' }));
    expect(screen.getByText('No orders found')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    expect(within(panel).getByRole('checkbox', { name: 'Delivered' })).not.toBeChecked();
    expect(orderNumbers()).toHaveLength(3);
  });

  it('sorts by a column', async () => {
    const user = userEvent.setup();
    await renderScreen(<Orders />);
    await user.click(await screen.findByRole('button', { name: 'Total' }));
    expect(orderNumbers()).toEqual(['ORD-1003', 'ORD-1001', 'ORD-1002']);
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Total/ }));
    expect(orderNumbers()).toEqual(['ORD-1002', 'ORD-1001', 'ORD-1003']);
  });

  it('opens an order with Enter on a focused row, and Back returns to the list', async () => {
    const user = userEvent.setup();
    await renderScreen(<Orders />);
    const row = await screen.findByRole('row', { name: 'Open order ORD-1002' });
    row.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 1, name: 'Order ORD-1002' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back to orders/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Open order ORD-1002' })).toHaveFocus();
  });
});

describe('<Orders> detail', () => {
  it('controlled: asks the parent to open and close, and shows what the parent says', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    function Parent() {
      const [orderId, setOrderId] = useState<string | null>(null);
      return (
        <Orders
          orderId={orderId}
          onOrderIdChange={(next) => {
            asked.push(next);
            setOrderId(next);
          }}
        />
      );
    }
    await renderScreen(<Parent />);
    await user.click(await screen.findByRole('row', { name: 'Open order ORD-1002' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-1002' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back to orders/ }));
    expect(await screen.findByRole('row', { name: 'Open order ORD-1002' })).toBeInTheDocument();
    expect(asked).toEqual(['ord_2', null]);
  });

  it('uncontrolled, starts at defaultOrderId and goes back to the list', async () => {
    const user = userEvent.setup();
    await renderScreen(<Orders defaultOrderId="ORD-1002" />);
    await user.click(await screen.findByRole('button', { name: /Back to orders/ }));
    expect(await screen.findByRole('row', { name: 'Open order ORD-1002' })).toBeInTheDocument();
  });

  it('shows status, customer, address, source, fees, items with stock, totals, notes, history and the order time', async () => {
    await renderScreen(<Orders orderId="ord_2" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-1002' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Order status' })).toHaveValue('Processing');
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('Liam Wilson')).toBeInTheDocument();
    expect(within(customer).getByText('eBay')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shipping Address' })).toHaveTextContent('Apt 9B');
    const fees = screen.getByRole('region', { name: 'Fulfilment Fees' });
    expect(within(fees).getByText('Pick and pack').nextElementSibling).toHaveTextContent('$7.50');
    expect(within(fees).getByText('Total fees').nextElementSibling).toHaveTextContent('$17.95');
    const items = screen.getByRole('table', { name: 'Order items' });
    expect(within(items).getByText('Smart Watch')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Items' });
    expect(within(totals).getByText('Total').nextElementSibling).toHaveTextContent('$288.24');
    expect(screen.getByRole('textbox', { name: 'Order notes' })).toHaveValue('Gift wrap requested.');
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Mar 8, 12:00')).toBeInTheDocument();
    // Order date and time (placed three days before the fixed clock).
    expect(screen.getByText('Placed', { exact: false })).toHaveTextContent('Placed Mar 7, 2026 12:00');
    expect(screen.getByRole('region', { name: 'Shipping' })).toBeInTheDocument();
  });

  it('shows per-item stock availability for an order not yet deducted', async () => {
    const { store } = await renderScreen(<Orders orderId="ORD-1001" />);
    const items = await screen.findByRole('table', { name: 'Order items' });
    expect(within(items).getByText('Available')).toBeInTheDocument();
    expect(within(items).getByText('150 in stock')).toBeInTheDocument();
    store.inventory.setQuantity('inv_1', 1);
    expect(await within(items).findByText('Insufficient')).toBeInTheDocument();
    // The Shipping section shows only while Processing or Shipped.
    expect(screen.queryByRole('region', { name: 'Shipping' })).not.toBeInTheDocument();
  });

  it('a status change updates the order, deducts stock and adds history; a short stock blocks it', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Orders orderId="ord_1" />);
    const select = await screen.findByRole('combobox', { name: 'Order status' });
    store.inventory.setQuantity('inv_1', 1);
    await user.selectOptions(select, 'Processing');
    expect(await screen.findByText('Insufficient inventory for this order')).toBeInTheDocument();
    expect(select).toHaveValue('New');
    store.inventory.setQuantity('inv_1', 10);
    await user.selectOptions(select, 'Processing');
    expect(await screen.findByText('Order status updated to Processing')).toBeInTheDocument();
    expect(select).toHaveValue('Processing');
    expect(store.inventory.items.get('inv_1')?.quantity).toBe(8);
    expect(within(screen.getByRole('region', { name: 'History' })).getByText(/Stock deducted: 2 × SKU-001/)).toBeInTheDocument();
  });

  it('saves notes', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Orders orderId="ord_1" />);
    const notes = await screen.findByRole('textbox', { name: 'Order notes' });
    await user.type(notes, 'Ring the bell');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Notes saved successfully')).toBeInTheDocument();
    expect(store.orders.items.get('ord_1')?.notes).toBe('Ring the bell');
  });

  it('the notes show the saved value as it changes until the member types, then keep what they typed', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Orders orderId="ord_1" />);
    const notes = await screen.findByRole('textbox', { name: 'Order notes' });
    expect(notes).toHaveValue(store.orders.items.get('ord_1')?.notes ?? '');
    // The saved value changes under an untouched editor (the server's word after a first paint from the cache).
    act(() => void store.orders.saveNotes('ord_1', 'Leave at the front desk'));
    expect(notes).toHaveValue('Leave at the front desk');
    expect(screen.getByRole('button', { name: 'Save Notes' })).toBeDisabled();
    await user.type(notes, ' please');
    act(() => void store.orders.saveNotes('ord_1', 'Changed elsewhere'));
    expect(notes).toHaveValue('Leave at the front desk please');
    expect(screen.getByRole('button', { name: 'Save Notes' })).toBeEnabled();
  });

  it('Print Label shows the label and prints it', async () => {
    const user = userEvent.setup();
    await renderScreen(<Orders orderId="ord_1" />);
    await user.click(await screen.findByRole('button', { name: 'Print Label' }));
    const dialog = screen.getByRole('dialog', { name: 'Shipping label ORD-1001' });
    expect(within(dialog).getByText('12 Market Street', { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(printShippingLabel).toHaveBeenCalledWith(expect.objectContaining({ order: expect.objectContaining({ orderNumber: 'ORD-1001' }), units: 2 }));
  });

  it('says when the order does not exist', async () => {
    await renderScreen(<Orders orderId="nope" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });

  it('a Viewer cannot change the status', async () => {
    const { store } = await renderScreen(<Orders orderId="ord_1" />);
    store.session.signIn('tm_3');
    expect(await screen.findByRole('combobox', { name: 'Order status' })).toBeDisabled();
    expect(await screen.findByText('Your role cannot make changes in this workspace')).toBeInTheDocument();
  });
});

describe('<Orders> shipping form', () => {
  it('requires tracking number and carrier, then ships and shows the stored tracking', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Orders orderId="ord_2" />);
    const shipping = await screen.findByRole('region', { name: 'Shipping' });
    await user.click(within(shipping).getByRole('button', { name: 'Add Tracking' }));
    const form = within(shipping).getByRole('form', { name: 'Add Tracking' });
    await user.type(within(form).getByLabelText('Tracking Number'), '1Z999');
    await user.click(within(form).getByRole('button', { name: 'Save & Ship' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter tracking number and carrier');
    expect(store.orders.items.get('ord_2')?.status).toBe('Processing');
    await user.type(within(form).getByLabelText('Carrier'), 'UPS');
    await user.click(within(form).getByRole('button', { name: 'Save & Ship' }));
    expect(await screen.findByText('Shipping information added and order marked as shipped')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Order status' })).toHaveValue('Shipped');
    const section = screen.getByRole('region', { name: 'Shipping' });
    expect(within(section).getByText('Tracking number').nextElementSibling).toHaveTextContent('1Z999');
    expect(within(section).getByText('Carrier').nextElementSibling).toHaveTextContent('UPS');
  });
});

describe('<Orders> New Order', () => {
  it('validates with a clear message, then creates the order and opens it', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Orders />);
    await user.click(await screen.findByRole('button', { name: 'New Order' }));
    const dialog = screen.getByRole('dialog', { name: 'New Order' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the customer name');
    await user.type(within(dialog).getByLabelText('Customer name'), 'Ava Chen');
    await user.type(within(dialog).getByLabelText('Customer email'), 'ava@example.com');
    await user.type(within(dialog).getByLabelText('Street address'), '5 Pine Rd');
    await user.type(within(dialog).getByLabelText('City'), 'Portland');
    await user.type(within(dialog).getByLabelText('State'), 'OR');
    await user.type(within(dialog).getByLabelText('Postal code'), '97201');
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a product for item 1');
    await user.selectOptions(within(dialog).getByLabelText('Product 1'), 'SKU-004');
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('Order ORD-1004 created')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Order ORD-1004' })).toBeInTheDocument();
    expect(store.orders.find('ORD-1004')).toMatchObject({ customerName: 'Ava Chen', status: 'New', total: 36.01 });
  });

  it('to a creator is a gift: no tax or shipping charged, shown as Gift', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Orders />);
    await user.click(await screen.findByRole('button', { name: 'New Order' }));
    const dialog = screen.getByRole('dialog', { name: 'New Order' });
    expect(within(dialog).getByText('A sale to a paying customer: tax and shipping are charged; it counts as revenue.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Ship to'), 'Sarah Johnson (@sarahjstyle) — gift');
    expect(within(dialog).getByText('A gift to a creator: no tax or shipping is charged; it counts as a cost.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Customer name')).toHaveValue('Sarah Johnson');
    expect(within(dialog).getByLabelText('Customer email')).toHaveValue('sarahjstyle@example.com');
    await user.type(within(dialog).getByLabelText('Street address'), '5 Pine Rd');
    await user.type(within(dialog).getByLabelText('City'), 'Portland');
    await user.type(within(dialog).getByLabelText('State'), 'OR');
    await user.type(within(dialog).getByLabelText('Postal code'), '97201');
    await user.selectOptions(within(dialog).getByLabelText('Product 1'), 'SKU-004');
    expect(within(dialog).getByText('Subtotal $25.00 · Tax $0.00 · Shipping $0.00 · Total $25.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('Order ORD-1004 created')).toBeInTheDocument();
    expect(screen.getByText('Gift')).toBeInTheDocument();
    expect(screen.getByText('A gift is charged no tax or shipping. Its shipping costs the brand $8.95.')).toBeInTheDocument();
    expect(store.orders.find('ORD-1004')).toMatchObject({ kind: 'gift', creatorId: 'CR12345', tax: 0, shipping: 0, total: 25 });
  });
});
