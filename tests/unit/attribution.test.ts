// Discount codes and tracking links: codes from handles, unique in any letter case among live
// funnels (a deleted funnel's code is free again), edited codes checked, shop URLs https only,
// and the redirect built only from the shop URL and the code.
import { describe, expect, it } from 'vitest';
import { codeFromHandle, codesInUse, shopRedirectUrl, trackingUrl, uniqueDiscountCode, validateDiscountCode, validateShopUrl, withDiscountCodes } from '../../lib/domain/attribution';
import { migrateRecords } from '../../lib/schema/migrations';

const funnel = (id: string, creatorHandle: string, discountCode?: string) => ({ id, creatorHandle, discountCode });

describe('codes from handles', () => {
  it('keep letters, digits, "-" and "_", in upper case', () => {
    expect(codeFromHandle('@sarah.j_style')).toBe('SARAHJ_STYLE');
    expect(codeFromHandle('@ab')).toBe('ABCODE');
    expect(codeFromHandle(`@${'x'.repeat(60)}`)).toHaveLength(28);
  });
  it('a second engagement of the same creator, or a code taken in another letter case, gets a number', () => {
    const existing = [funnel('CR1', '@sarah', 'Sarah')];
    expect(uniqueDiscountCode('@sarah', (key) => codesInUse(existing).has(key))).toBe('SARAH2');
    const fresh = withDiscountCodes([funnel('CR2', '@sarah'), funnel('CR3', '@sarah'), funnel('CR4', '@mike')], existing);
    expect(fresh.map((f) => f.discountCode)).toEqual(['SARAH2', 'SARAH3', 'MIKE']);
  });
  it('a code is free again once its funnel is deleted', () => {
    const live = [funnel('CR2', '@mike', 'MIKE')];
    // CR1 held SARAH10 and was deleted: it is no longer among the live funnels.
    expect(validateDiscountCode('sarah10', 'CR2', live)).toMatchObject({ ok: true, value: 'sarah10' });
    expect(withDiscountCodes([funnel('CR3', '@sarah', 'SARAH10')], live)[0].discountCode).toBe('SARAH10');
  });
});

describe('an edited code', () => {
  const funnels = [funnel('CR1', '@sarah', 'SARAH'), funnel('CR2', '@mike', 'MIKE10')];
  it('is refused when another live funnel holds it in any letter case', () => {
    expect(validateDiscountCode(' mike10 ', 'CR1', funnels)).toMatchObject({ ok: false, error: 'The code mike10 is already used by @mike' });
  });
  it('may keep its own code in another case', () => {
    expect(validateDiscountCode('sarah', 'CR1', funnels)).toMatchObject({ ok: true, value: 'sarah' });
  });
  it('is 3 to 32 letters, digits, "-" or "_"', () => {
    for (const bad of ['ab', 'a b c', 'ÉTÉ2026', 'x'.repeat(33), 'a/b', ''])
      expect(validateDiscountCode(bad, 'CR1', funnels)).toMatchObject({ ok: false, error: 'A discount code is 3 to 32 letters, digits, “-” or “_”' });
  });
});

describe('shop URL and redirect', () => {
  it('takes https only, without credentials, query or fragment', () => {
    expect(validateShopUrl(' https://shop.example.com/ ')).toEqual({ ok: true, value: 'https://shop.example.com' });
    expect(validateShopUrl('https://example.com/store/')).toEqual({ ok: true, value: 'https://example.com/store' });
    expect(validateShopUrl('')).toEqual({ ok: true, value: undefined });
    for (const bad of ['http://shop.example.com', 'ftp://x.example', 'https://a:b@x.example', 'https://x.example/?a=1', 'https://x.example/#a', 'not a url', 'javascript:alert(1)'])
      expect(validateShopUrl(bad).ok, bad).toBe(false);
  });
  it('sends through Shopify’s /discount/<code> with the landing page carrying the UTM parameters', () => {
    const target = new URL(shopRedirectUrl('https://shop.example.com', 'SARAH10'));
    expect(`${target.origin}${target.pathname}`).toBe('https://shop.example.com/discount/SARAH10');
    expect(target.searchParams.get('redirect')).toBe('/?utm_source=creatorflow&utm_medium=creator&utm_campaign=SARAH10');
    expect(target.searchParams.get('utm_campaign')).toBe('SARAH10');
    // A shop under a path lands under that path.
    expect(new URL(shopRedirectUrl('https://example.com/store', 'X_1')).searchParams.get('redirect')).toBe('/store/?utm_source=creatorflow&utm_medium=creator&utm_campaign=X_1');
  });
  it('the tracking link names the code and the workspace', () => {
    expect(trackingUrl('https://cf.example.com/', 'SARAH10', 'acme')).toBe('https://cf.example.com/r/SARAH10?w=acme');
  });
});

describe('funnels stored before codes', () => {
  it('get their handle’s code; one that has a code keeps it', () => {
    const lifted = migrateRecords(
      [
        { collection: 'funnels', id: 'CR1', value: { id: 'CR1', creatorHandle: '@sarahjstyle', activity: 'Active' } },
        { collection: 'funnels', id: 'CR2', value: { id: 'CR2', creatorHandle: '@mike', discountCode: 'MIKE10', activity: 'Active' } },
      ],
      5,
    );
    expect(lifted.map((r) => (r.value as { discountCode: string }).discountCode)).toEqual(['SARAHJSTYLE', 'MIKE10']);
  });
});
