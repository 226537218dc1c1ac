// A creator who declined may take part after all while the funnel is open; after opting out
// the portal takes no more answers; a new address reaches the gift order until it is Processing.
import { describe, expect, it } from 'vitest';
import { answersClosed, confirmCampaign, declineCampaign, funnelOpen, orderToNewAddress, shippingAddressProblems } from '../../lib/domain/portal';
import { englishOf } from '../../lib/domain/messages';
import type { Funnel, Order } from '../../lib/domain/types';
import { sampleFunnels } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const sarah = sampleFunnels(now).find((f) => f.id === 'CR12345')!;
const declined = (funnel: Funnel): Funnel => {
  const result = declineCampaign(funnel, now);
  if (!result.ok) throw new Error(result.error);
  return { ...result.value, activity: 'Paused' };
};

describe('a change of mind', () => {
  it('confirms after a decline while the funnel is open: the decline is withdrawn and the pause lifted', () => {
    const result = confirmCampaign(declined(sarah), now);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.portal).toEqual({ confirmedAt: now.toISOString() });
    expect(result.value.activity).toBe('Active');
  });

  it('refuses once every step is completed: the funnel is closed', () => {
    const finished: Funnel = { ...declined(sarah), steps: sarah.steps.map((s) => ({ ...s, completed: true, current: false })) };
    expect(funnelOpen(finished)).toBe(false);
    expect(confirmCampaign(finished, now)).toMatchObject({ ok: false, error: 'This campaign is closed: contact the brand to take part' });
  });

  it('still refuses a second confirmation, and a decline after confirming', () => {
    const confirmed = confirmCampaign(sarah, now);
    if (!confirmed.ok) throw new Error(confirmed.error);
    expect(confirmCampaign(confirmed.value, now)).toMatchObject({ ok: false });
    expect(declineCampaign(confirmed.value, now)).toMatchObject({ ok: false });
  });

  it('closes the answers after an opt-out only', () => {
    expect(answersClosed(sarah)).toBe(false);
    expect(answersClosed({ portal: { optedOutAt: now.toISOString() } })).toBe(true);
  });
});

describe('a new address and the gift order', () => {
  const address = { line1: '9 Elm St', city: 'Denver', state: 'CO', postalCode: '80202', country: 'US' };
  const order = (status: Order['status']) => ({ id: 'o1', status, shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' } }) as Order;

  it('moves a New order to the new address', () => {
    expect(orderToNewAddress(order('New'), address, now)).toMatchObject({ ok: true, value: { shippingAddress: address, updatedAt: now.toISOString() } });
  });

  it('refuses from Processing on, naming who to contact', () => {
    for (const status of ['Processing', 'Shipped', 'Delivered', 'Refunded'] as const)
      expect(orderToNewAddress(order(status), address, now)).toMatchObject({ ok: false, error: 'Your order is already being prepared, so its address can no longer change here. Please contact the brand.' });
  });

  it('has nothing to move without an order, or for a canceled one', () => {
    expect(orderToNewAddress(undefined, address, now)).toEqual({ ok: true, value: null });
    expect(orderToNewAddress(order('Canceled'), address, now)).toEqual({ ok: true, value: null });
  });
});

describe('address problems, all at once', () => {
  it('names every missing required field in the form order, and none for a full address', () => {
    const empty = { line1: ' ', city: '', state: '', postalCode: '', country: '' };
    expect(shippingAddressProblems(empty).map((p) => [p.field, englishOf(p.problem)])).toEqual([
      ['line1', 'Please enter the street address'],
      ['city', 'Please enter the city'],
      ['postalCode', 'Please enter the postal code'],
      ['country', 'Please enter the country'],
    ]);
    expect(shippingAddressProblems({ line1: '1 Main St', city: 'Austin', state: '', postalCode: '78701', country: 'US' })).toEqual([]);
  });
});
