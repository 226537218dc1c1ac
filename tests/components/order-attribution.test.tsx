// An attributed sale says whom it is attributed to on Orders and on its detail; a sale that names
// no creator says so; a gift says nothing of attribution. An Admin or Editor attributes a sale by
// hand from its detail, or removes the attribution (with Undo); a Viewer cannot.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../lib/domain/types';
import { SCHEMA_VERSION } from '../../lib/schema/migrations';
import { sampleFunnels, sampleOrders, sampleTeam } from '../../lib/sample/workspace';
import { createMemoryStorage } from '../../lib/storage/memory';
import { Orders } from '../../widgets/orders';
import { FIXED_NOW, renderScreen } from '../helpers/render';

const [first, second] = sampleOrders(FIXED_NOW);
const attributed: Order = { ...first, id: 'ord_shopify_1', source: 'Shopify', attribution: { funnelId: 'CR12345', code: 'SARAHJSTYLE', handle: '@sarahjstyle', rule: 'code' } };
const unattributed: Order = { ...second, id: 'ord_shopify_2', source: 'Shopify' };
const storage = () =>
  createMemoryStorage([
    { collection: 'meta', id: 'schema', value: { version: SCHEMA_VERSION } },
    ...sampleFunnels(FIXED_NOW).map((f) => ({ collection: 'funnels', id: f.id, value: f })),
    ...sampleTeam().map((m) => ({ collection: 'team', id: m.id, value: m })),
    { collection: 'orders', id: attributed.id, value: attributed },
    { collection: 'orders', id: unattributed.id, value: unattributed },
  ]);

describe('attributed sales on Orders', () => {
  it('the list and the detail say "Attributed to @handle (CODE)"; a sale naming no creator says so', async () => {
    const user = userEvent.setup();
    await renderScreen(<Orders />, { storage: storage() });
    const row = await screen.findByRole('row', { name: `Open order ${attributed.orderNumber}` });
    expect(within(row).getByText('Attributed to @sarahjstyle (SARAHJSTYLE)')).toBeInTheDocument();
    const other = screen.getByRole('row', { name: `Open order ${unattributed.orderNumber}` });
    expect(within(other).queryByText(/Attributed to/)).not.toBeInTheDocument();
    await user.click(within(row).getByText(attributed.orderNumber));
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${attributed.orderNumber}` })).toBeInTheDocument();
    expect(screen.getByText('Attributed to @sarahjstyle (SARAHJSTYLE)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back to orders/ }));
    await user.click(within(await screen.findByRole('row', { name: `Open order ${unattributed.orderNumber}` })).getByText(unattributed.orderNumber));
    expect(await screen.findByText('Not attributed to a creator')).toBeInTheDocument();
  });
});

describe('attributing a sale by hand', () => {
  it('an Admin picks the creator from the detail, then removes the attribution, and Undo puts it back', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Orders orderId={unattributed.id} />, { storage: storage() });
    expect(await screen.findByText('Not attributed to a creator')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove attribution' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Attribute to creator' }), 'Mike Chen (@mikechentech), code MIKECHENTECH');
    expect(await screen.findByText('Attributed to @mikechentech (MIKECHENTECH)')).toBeInTheDocument();
    expect(await screen.findByText('Sale attributed to @mikechentech (MIKECHENTECH)')).toBeInTheDocument();
    expect(store.orders.items.get(unattributed.id)?.attribution).toEqual({ funnelId: 'CR12346', code: 'MIKECHENTECH', handle: '@mikechentech', rule: 'manual' });
    expect(store.admin.activity.items.peek()[0]).toMatchObject({ action: 'Sale attributed' });

    await user.click(screen.getByRole('button', { name: 'Remove attribution' }));
    expect(await screen.findByText('Not attributed to a creator')).toBeInTheDocument();
    const toast = (await screen.findByText('Attribution to @mikechentech removed')).closest('[role="status"]') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Attributed to @mikechentech (MIKECHENTECH)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Attribute to creator' })).toHaveDisplayValue('Mike Chen (@mikechentech), code MIKECHENTECH');
  });

  it('a Viewer sees the attribution but cannot change it, and is told why', async () => {
    const { store } = await renderScreen(<Orders orderId={attributed.id} />, { storage: storage() });
    store.session.signIn('tm_3');
    expect(await screen.findByText('Attributed to @sarahjstyle (SARAHJSTYLE)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Attribute to creator' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Remove attribution' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Attribute to creator' })).toHaveAttribute('title', 'Your role cannot make changes in this workspace');
  });
});
