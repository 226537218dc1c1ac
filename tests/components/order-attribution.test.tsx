// An attributed sale says whom it is attributed to on Orders and on its detail; a sale that names
// no creator says so; a gift says nothing of attribution.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../lib/domain/types';
import { SCHEMA_VERSION } from '../../lib/schema/migrations';
import { sampleFunnels, sampleOrders } from '../../lib/sample/workspace';
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
