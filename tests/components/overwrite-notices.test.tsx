// Overwrites are told: when the server's records replace what the member just set (or is
// editing), a notice names the teammate and the new value, with the member's own value offered
// back; a record deleted under an open editor closes it with a notice instead of vanishing.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordWriter } from '../../lib/domain/overwrites';
import { loadLanguage } from '../../lib/i18n';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { Store } from '../../lib/store';
import { Inventory } from '../../widgets/inventory';
import { Orders } from '../../widgets/orders';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

const JAMIE: RecordWriter = { id: 'tm_2', name: 'Jamie Smith' };

/** A pull as the sync client delivers it: the server's records, each written by `by` (undefined: the server did not say). */
const pull = (store: Store, records: { collection: string; id: string; value: unknown }[], by?: RecordWriter) =>
  act(async () => store.rebase(records, [], false, by ? Object.fromEntries(records.map((r) => [`${r.collection}/${r.id}`, by])) : {}));

const notices = (name = 'Changes by teammates') => screen.getByRole('status', { name });
const noNotices = () => expect(screen.queryByRole('status', { name: 'Changes by teammates' })).not.toBeInTheDocument();
const withQuantity = (store: Store, id: string, quantity: number) => ({ ...store.inventory.items.get(id)!, quantity });

describe('a teammate’s overwrite', () => {
  it('of an order status: the member who set it sees who set it and to what, and can use their value again', async () => {
    const user = userEvent.setup();
    const storage = createMemoryStorage();
    const { store } = await renderScreen(<Orders orderId="ord_1" />, { storage });
    await screen.findByRole('heading', { name: /ORD-1001/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order status' }), 'Processing');
    expect(store.orders.items.get('ord_1')!.status).toBe('Processing');

    await pull(store, [{ collection: 'orders', id: 'ord_1', value: { ...store.orders.items.get('ord_1')!, status: 'Shipped' } }], JAMIE);
    expect(within(notices()).getByText('Jamie Smith set the status of ORD-1001 to Shipped')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Order status' })).toHaveValue('Shipped');

    await user.click(within(notices()).getByRole('button', { name: 'Use my value (Processing)' }));
    expect(store.orders.items.get('ord_1')!.status).toBe('Processing');
    expect(screen.getByRole('combobox', { name: 'Order status' })).toHaveValue('Processing');
    noNotices();
  });

  it('of a quantity the member set: named, with "Use my value", and Dismiss leaves the teammate’s value', async () => {
    const user = userEvent.setup();
    const storage = createMemoryStorage();
    const { store } = await renderScreen(<Inventory />, { storage });
    await screen.findByText('Bluetooth Speaker');
    expect(store.inventory.setQuantity('inv_5', 25).ok).toBe(true);
    await pull(store, [{ collection: 'inventory', id: 'inv_5', value: withQuantity(store, 'inv_5', 30) }], JAMIE);
    expect(within(notices()).getByText('Jamie Smith set the quantity of Bluetooth Speaker to 30')).toBeInTheDocument();
    expect(within(notices()).getByRole('button', { name: 'Use my value (25)' })).toBeInTheDocument();
    await user.click(within(notices()).getByRole('button', { name: 'Dismiss: Jamie Smith set the quantity of Bluetooth Speaker to 30' }));
    noNotices();
    expect(store.inventory.items.get('inv_5')!.quantity).toBe(30);
  });

  it('says nothing when the member had not touched it, and "A teammate" when the server does not say who', async () => {
    const storage = createMemoryStorage();
    const { store } = await renderScreen(<Inventory />, { storage });
    await screen.findByText('Bluetooth Speaker');
    await pull(store, [{ collection: 'inventory', id: 'inv_5', value: withQuantity(store, 'inv_5', 30) }], JAMIE);
    noNotices();
    store.inventory.setQuantity('inv_4', 9);
    await pull(store, [{ collection: 'inventory', id: 'inv_4', value: withQuantity(store, 'inv_4', 12) }]);
    expect(within(notices()).getByText('A teammate set the quantity of Portable Charger to 12')).toBeInTheDocument();
  });

  it('while the member types the quantity: told, and the typing stays', async () => {
    const user = userEvent.setup();
    const storage = createMemoryStorage();
    const { store } = await renderScreen(<Inventory />, { storage });
    await user.click(await screen.findByRole('button', { name: 'Edit quantity of Bluetooth Speaker' }));
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Bluetooth Speaker' });
    await user.clear(input);
    await user.type(input, '25');
    await pull(store, [{ collection: 'inventory', id: 'inv_5', value: withQuantity(store, 'inv_5', 30) }], JAMIE);
    expect(within(notices()).getByText('Jamie Smith set the quantity of Bluetooth Speaker to 30')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Bluetooth Speaker' })).toHaveValue(25);
  });

  it('a deletion under the quantity being typed is told by name, not a vanished input', async () => {
    const user = userEvent.setup();
    const storage = createMemoryStorage();
    const { store } = await renderScreen(<Inventory />, { storage });
    await user.click(await screen.findByRole('button', { name: 'Edit quantity of Bluetooth Speaker' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity of Bluetooth Speaker' }), '5');
    await pull(store, [{ collection: 'inventory', id: 'inv_5', value: null }], JAMIE);
    expect(screen.queryByRole('spinbutton', { name: 'Quantity of Bluetooth Speaker' })).not.toBeInTheDocument();
    expect(within(notices()).getByText('Jamie Smith deleted Bluetooth Speaker while you were editing it')).toBeInTheDocument();
    // Focus was in the input that went away: it lands on the notice that says why.
    expect(notices()).toHaveFocus();
  });

  it('a deletion under an item’s open details closes them with the notice', async () => {
    const storage = createMemoryStorage();
    const { store } = await renderScreen(<Inventory itemId="inv_5" />, { storage });
    expect(await screen.findByRole('dialog', { name: 'Bluetooth Speaker' })).toBeInTheDocument();
    await pull(store, [{ collection: 'inventory', id: 'inv_5', value: null }], JAMIE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(notices()).getByText('Jamie Smith deleted Bluetooth Speaker while you were editing it')).toBeInTheDocument();
  });

  it('a deletion under an open order goes back to the list with the notice', async () => {
    const storage = createMemoryStorage();
    const { store } = await renderScreen(<Orders orderId="ord_1" />, { storage });
    await screen.findByRole('heading', { name: /ORD-1001/ });
    await pull(store, [{ collection: 'orders', id: 'ord_1', value: null }], JAMIE);
    expect(screen.queryByRole('heading', { name: /ORD-1001/ })).not.toBeInTheDocument();
    expect(within(notices()).getByText('Jamie Smith deleted ORD-1001 while you were editing it')).toBeInTheDocument();
  });

  it('is said in the screen’s language', async () => {
    await loadLanguage('es');
    const storage = createMemoryStorage();
    const { store } = await renderScreen(
      <LanguageProvider lang="es">
        <Orders orderId="ord_1" />
      </LanguageProvider>,
      { storage },
    );
    await screen.findByRole('heading', { name: /ORD-1001/ });
    store.orders.changeStatus('ord_1', 'Processing');
    await pull(store, [{ collection: 'orders', id: 'ord_1', value: { ...store.orders.items.get('ord_1')!, status: 'Shipped' } }], JAMIE);
    expect(within(notices('Cambios de compañeros')).getByText('Jamie Smith cambió el estado de ORD-1001 a Enviado')).toBeInTheDocument();
    expect(within(notices('Cambios de compañeros')).getByRole('button', { name: 'Usar mi valor (En preparación)' })).toBeInTheDocument();
  });
});
