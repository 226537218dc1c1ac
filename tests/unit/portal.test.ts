// The creator portal's rules, without a DOM or a server: what is asked next, the address and
// link checks, the allowance, stock reserved once and never below zero, and steps moving on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseProducts,
  completeStepByCreator,
  confirmCampaign,
  declineCampaign,
  handInDeliverables,
  nextAsk,
  portalView,
  saveShippingAddress,
  setGiftAllowance,
} from '../../lib/domain/portal';
import { changeOrderStatus } from '../../lib/domain/orders';
import type { Funnel, InventoryItem } from '../../lib/domain/types';
import { sampleFunnels, sampleInventory, sampleOrders } from '../../lib/sample/workspace';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: '', postalCode: '78701', country: 'US' };
const ids = () => {
  let n = 0;
  return (prefix: string) => `${prefix}_${n++}`;
};
const alex = (): Funnel => sampleFunnels(NOW).find((f) => f.id === 'CR12348')!;
const ready = (): Funnel => ({ ...alex(), portal: { confirmedAt: NOW.toISOString(), address: ADDRESS, addressAt: NOW.toISOString() }, giftAllowance: { maxItems: 2, maxValue: 50 } });

describe('creator portal rules', () => {
  it('asks in order: confirm, address, products (only with an allowance), brief, deliverables', () => {
    expect(nextAsk({})).toBe('confirm');
    expect(nextAsk({ portal: { confirmedAt: 'x' } })).toBe('address');
    expect(nextAsk({ portal: { confirmedAt: 'x', addressAt: 'x' } })).toBe('brief');
    expect(nextAsk({ portal: { confirmedAt: 'x', addressAt: 'x' }, giftAllowance: { maxItems: 1, maxValue: 25 } })).toBe('products');
    expect(nextAsk({ portal: { confirmedAt: 'x', addressAt: 'x', briefAcknowledgedAt: 'x' } })).toBe('deliverables');
    expect(nextAsk({ portal: { declinedAt: 'x' } })).toBe('declined');
  });

  it('confirms or declines once, never both at once (a decline may be withdrawn by confirming: portal-change-of-mind.test.ts)', () => {
    const confirmed = confirmCampaign(alex(), NOW);
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    expect(declineCampaign(confirmed.value, NOW)).toMatchObject({ ok: false, error: 'You already confirmed this campaign' });
    const declined = declineCampaign(alex(), NOW);
    expect(declined.ok && declineCampaign(declined.value, NOW)).toMatchObject({ ok: false, error: 'You declined this campaign' });
    const changed = declined.ok && confirmCampaign(declined.value, NOW);
    expect(changed && changed.ok && changed.value.portal).toEqual({ confirmedAt: NOW.toISOString() });
  });

  it('needs street, city, postal code and country, naming the missing one', () => {
    const confirmed = { ...alex(), portal: { confirmedAt: 'x' } };
    expect(saveShippingAddress(confirmed, { ...ADDRESS, postalCode: ' ' }, NOW)).toMatchObject({ ok: false, error: 'Please enter the postal code', params: { field: 'postalCode' } });
    expect(saveShippingAddress(alex(), ADDRESS, NOW)).toMatchObject({ ok: false, error: 'Please confirm the campaign first' });
    expect(saveShippingAddress(confirmed, ADDRESS, NOW)).toMatchObject({ ok: true, value: { portal: { address: ADDRESS, addressAt: NOW.toISOString() } } });
  });

  it('takes only http(s) links, up to 10', () => {
    const f = ready();
    expect(handInDeliverables(f, [{ url: 'ftp://x.test/a', note: '' }], NOW)).toMatchObject({ ok: false, error: 'Link 1 must start with http:// or https://' });
    expect(handInDeliverables(f, [{ url: 'https://ok.test/a', note: '' }, { url: 'javascript:alert(1)', note: '' }], NOW)).toMatchObject({ ok: false, error: 'Link 2 must start with http:// or https://' });
    expect(handInDeliverables(f, Array.from({ length: 11 }, (_, i) => ({ url: `https://x.test/${i}`, note: '' })), NOW)).toMatchObject({ ok: false, error: 'You can hand in up to 10 links' });
    expect(handInDeliverables(f, [{ url: ' https://x.test/reel ', note: ' Reel ' }], NOW)).toMatchObject({ ok: true, value: { portal: { deliverableLinks: [{ url: 'https://x.test/reel', note: 'Reel' }] } } });
  });

  it('keeps the choice within the allowance and makes a New order to the address with its stock reserved', () => {
    const inventory = sampleInventory(NOW).filter((i) => i.quantity > 0);
    const f = ready();
    expect(chooseProducts(f, inventory.slice(0, 3).map((i) => i.id), inventory, [], NOW, ids())).toMatchObject({ ok: false, error: 'You can choose up to 2 products' });
    expect(chooseProducts({ ...f, giftAllowance: { maxItems: 2, maxValue: 30 } }, inventory.slice(0, 2).map((i) => i.id), inventory, [], NOW, ids())).toMatchObject({
      ok: false,
      error: 'Your products can be worth up to 30 in total',
    });
    expect(chooseProducts({ ...f, giftAllowance: undefined }, [inventory[0].id], inventory, [], NOW, ids())).toMatchObject({ ok: false, error: 'No products are offered for this campaign' });
    const chosen = chooseProducts(f, inventory.slice(0, 2).map((i) => i.id), inventory, sampleOrders(NOW), NOW, ids());
    expect(chosen.ok).toBe(true);
    if (!chosen.ok) return;
    expect(chosen.value.order).toMatchObject({ status: 'New', stockDeducted: true, shippingAddress: ADDRESS, creatorId: 'CR12348', customerName: 'Alex Rivera' });
    expect(chosen.value.inventory.map((i) => i.quantity)).toEqual(inventory.slice(0, 2).map((i) => i.quantity - 1));
    // Moving the order on deducts nothing more; canceling puts the stock back.
    const after = inventory.map((i) => chosen.value.inventory.find((c) => c.id === i.id) ?? i);
    const processing = changeOrderStatus(chosen.value.order, 'Processing', after, NOW);
    expect(processing.ok && processing.value.inventory).toEqual([]);
    const canceled = changeOrderStatus(chosen.value.order, 'Canceled', after, NOW);
    expect(canceled.ok && canceled.value.inventory.map((i) => i.quantity)).toEqual(inventory.slice(0, 2).map((i) => i.quantity));
    // A second choice is refused.
    expect(chooseProducts(chosen.value.funnel, [inventory[3].id], after, [], NOW, ids())).toMatchObject({ ok: false, error: 'You already chose your products' });
  });

  it('never takes stock below zero, whatever creators choose in turn', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 4 }), fc.array(fc.array(fc.nat({ max: 3 }), { maxLength: 2 }), { maxLength: 8 }), (quantities, picks) => {
        let inventory: InventoryItem[] = quantities.map((quantity, i) => ({ id: `inv_${i}`, sku: `S${i}`, name: `Item ${i}`, quantity, lowStockThreshold: 0, reorderPoint: 0, lastRestocked: '', location: '' }));
        for (const pick of picks) {
          const result = chooseProducts({ ...ready(), giftAllowance: { maxItems: 2, maxValue: 100 } }, pick.map((i) => `inv_${i % quantities.length}`), inventory, [], NOW, ids());
          if (result.ok) inventory = inventory.map((i) => result.value.inventory.find((c) => c.id === i.id) ?? i);
          for (const item of inventory) expect(item.quantity).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('moves the funnel on when the creator finishes the step it is at', () => {
    const f = alex();
    expect(f.status).toBe('Brief');
    const done = completeStepByCreator(f, 0, f.steps[0], NOW);
    expect(done.ok && done.value.funnel.status).toBe('Confirmation');
    expect(done.ok && done.value.funnel.steps.slice(0, 2).map((s) => [s.completed, s.current])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('shows the creator their own funnel and the products only while asked', () => {
    const view = portalView(ready(), { brand: 'Acme', language: 'fr' }, sampleInventory(NOW), undefined);
    expect(view).toMatchObject({ creatorName: 'Alex Rivera', brand: 'Acme', ask: 'products', defaultLanguage: 'fr' });
    expect(view.products.every((p) => p.value === 25)).toBe(true);
    expect(portalView(alex(), { brand: 'Acme', language: 'en-US' }, sampleInventory(NOW), undefined).products).toEqual([]);
  });

  it('allowances are whole numbers from 0 to 100 and a value of at least 0', () => {
    expect(setGiftAllowance(alex(), { maxItems: 1.5, maxValue: 10 }, NOW)).toMatchObject({ ok: false, params: { field: 'maxItems' } });
    expect(setGiftAllowance(alex(), { maxItems: 1, maxValue: -1 }, NOW)).toMatchObject({ ok: false, params: { field: 'maxValue' } });
    expect(setGiftAllowance(alex(), { maxItems: 2, maxValue: 60 }, NOW)).toMatchObject({ ok: true, value: { giftAllowance: { maxItems: 2, maxValue: 60 } } });
  });
});
