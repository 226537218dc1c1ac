// The rules of attributed sales: the order of the matching rules and codes in any letter case,
// an unmatched code kept but not attributed, partial, full and repeated refunds, cancellation,
// ROI with no cost, conversion, gift cost and commission rounding (half up, to the cent, once).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeKey } from '../../lib/domain/attribution';
import { attributedRevenue, attributionCandidates, commissionFor, conversionRate, giftCost, matchAttribution, returnOnInvestment, withRefund } from '../../lib/domain/sales';

const funnels = [
  { id: 'CR1', discountCode: 'SARAH10' },
  { id: 'CR2', discountCode: 'mike' },
];
const funnelOf = (key: string) => funnels.find((f) => codeKey(f.discountCode) === key);

describe('matching rules', () => {
  it('try the order’s codes, then ref=, then utm_campaign= in the landing site, in that order', () => {
    expect(attributionCandidates({ codes: ['SUMMER', 'sarah10'], landingSite: '/products/x?utm_campaign=MIKE&ref=Other' })).toEqual([
      { rule: 'code', code: 'SUMMER' },
      { rule: 'code', code: 'sarah10' },
      { rule: 'ref', code: 'Other' },
      { rule: 'utm', code: 'MIKE' },
    ]);
  });
  it('the first rule that names a funnel wins: a code beats ref, ref beats utm', () => {
    expect(matchAttribution({ codes: ['mike'], landingSite: '/?ref=SARAH10' }, funnelOf)).toEqual({ funnelId: 'CR2', code: 'mike', rule: 'code' });
    expect(matchAttribution({ codes: [], landingSite: '/?utm_campaign=mike&ref=SARAH10' }, funnelOf)).toEqual({ funnelId: 'CR1', code: 'SARAH10', rule: 'ref' });
    expect(matchAttribution({ codes: [], landingSite: 'https://shop.example.com/?utm_source=creatorflow&utm_campaign=MIKE' }, funnelOf)).toEqual({ funnelId: 'CR2', code: 'mike', rule: 'utm' });
  });
  it('ignores letter case and keeps the code as the funnel holds it', () => {
    for (const typed of ['sarah10', 'SARAH10', 'SaRaH10', ' sarah10 ']) expect(matchAttribution({ codes: [typed] }, funnelOf)).toMatchObject({ funnelId: 'CR1', code: 'SARAH10' });
  });
  it('a code that names no funnel does not attribute, and the next rule is tried', () => {
    expect(matchAttribution({ codes: ['BLACKFRIDAY'] }, funnelOf)).toBeNull();
    expect(matchAttribution({ codes: ['BLACKFRIDAY'], landingSite: '/?ref=mike' }, funnelOf)).toMatchObject({ funnelId: 'CR2', rule: 'ref' });
  });
  it('a deleted funnel’s code attributes nothing; the funnel that takes the code next gets its sales', () => {
    const live = [{ id: 'CR3', discountCode: 'SARAH10' }];
    expect(matchAttribution({ codes: ['SARAH10'] }, () => undefined)).toBeNull();
    expect(matchAttribution({ codes: ['SARAH10'] }, (key) => live.find((f) => codeKey(f.discountCode) === key))).toMatchObject({ funnelId: 'CR3' });
  });
});

describe('refunds and cancellation', () => {
  const sale = { netOfDiscounts: 100, refunds: [], cancelled: false };
  it('a partial refund takes back exactly its amount', () => {
    expect(attributedRevenue({ ...sale, refunds: withRefund([], { id: 'r1', amount: 30.1 }) })).toBe(69.9);
  });
  it('a full refund leaves nothing, and refunds never make revenue negative', () => {
    expect(attributedRevenue({ ...sale, refunds: [{ id: 'r1', amount: 100 }] })).toBe(0);
    expect(attributedRevenue({ ...sale, refunds: [{ id: 'r1', amount: 80 }, { id: 'r2', amount: 80 }] })).toBe(0);
  });
  it('the same refund delivered twice counts once; two refunds both count', () => {
    let refunds = withRefund([], { id: 'r1', amount: 10 });
    refunds = withRefund(refunds, { id: 'r1', amount: 10 });
    expect(attributedRevenue({ ...sale, refunds })).toBe(90);
    refunds = withRefund(refunds, { id: 'r2', amount: 0.05 });
    expect(attributedRevenue({ ...sale, refunds })).toBe(89.95);
  });
  it('a cancelled sale counts for nothing', () => {
    expect(attributedRevenue({ ...sale, cancelled: true })).toBe(0);
  });
  it('to the cent, whatever the refunds (no floating drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 20 }), (net, refunds) => {
        const revenue = attributedRevenue({ netOfDiscounts: net / 100, refunds: refunds.map((amount, i) => ({ id: `r${i}`, amount: amount / 100 })), cancelled: false });
        expect(Math.round(revenue * 100)).toBe(Math.max(0, net - refunds.reduce((a, b) => a + b, 0)));
      }),
    );
  });
});

describe('results', () => {
  it('ROI = (revenue − cost) / cost, and none when the cost is 0', () => {
    expect(returnOnInvestment(300, 100)).toBe(2);
    expect(returnOnInvestment(50, 100)).toBe(-0.5);
    expect(returnOnInvestment(300, 0)).toBeNull();
  });
  it('conversion = attributed orders / clicks, and none without clicks', () => {
    expect(conversionRate(3, 120)).toBe(0.025);
    expect(conversionRate(3, 0)).toBeNull();
  });
  it('a gift costs its items at unit cost plus its shipping, and says which items have no unit cost', () => {
    expect(giftCost([{ quantity: 2, unitCost: 9.8 }, { quantity: 1 }], 8.95)).toEqual({ cost: 28.55, missingUnitCosts: 1 });
  });
  it('commission: a percentage of net sales, rounded once half up to the cent, plus the flat fee', () => {
    expect(commissionFor(100, { percent: 10 })).toBe(10);
    expect(commissionFor(0.05, { percent: 10 })).toBe(0.01); // 0.5 cent rounds up
    expect(commissionFor(0.04, { percent: 10 })).toBe(0); // 0.4 cent rounds down
    expect(commissionFor(33.33, { percent: 12.5 })).toBe(4.17); // 4.16625
    expect(commissionFor(200, { percent: 15, flatFee: 250 })).toBe(280);
    expect(commissionFor(0, { flatFee: 99.99 })).toBe(99.99);
    expect(commissionFor(-5, { percent: 10 })).toBe(0);
  });
});
