// The portal forms' rules name every problem at once, each with its field, and a refusal of the
// same answer names the field too; the counts the portal shows follow each language's plural rules.
import { describe, expect, it } from 'vitest';
import { englishOf } from '../../lib/domain/messages';
import { chooseProducts, deliverableLinkProblems, handInDeliverables, productPickProblem, PRODUCTS_FIELD } from '../../lib/domain/portal';
import { refusedInput, type Funnel } from '../../lib/domain/types';
import { loadLanguage, translatorFor, type LanguageCode } from '../../lib/i18n';
import { sampleFunnels, sampleInventory, sampleOrders } from '../../lib/sample/workspace';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: '', postalCode: '78701', country: 'US' };
const ready = (): Funnel => ({
  ...sampleFunnels(NOW)[0],
  giftAllowance: { maxItems: 2, maxValue: 100 },
  portal: { confirmedAt: NOW.toISOString(), address: ADDRESS, addressAt: NOW.toISOString() },
});
const said = (problems: { field: string; problem: Parameters<typeof englishOf>[0] }[]) => problems.map((p) => [p.field, englishOf(p.problem)]);

describe('deliverable links: every problem at once, each under its row', () => {
  it('names each bad link by the row the form shows (empty rows counted), and an empty form at link 1', () => {
    expect(said(deliverableLinkProblems([{ url: '', note: '' }]))).toEqual([['links.0.url', 'Please add at least one link']]);
    expect(
      said(
        deliverableLinkProblems([
          { url: 'ftp://x.test/a', note: '' },
          { url: '', note: '' },
          { url: 'https://ok.test/b', note: '' },
          { url: 'javascript:alert(1)', note: 'x' },
        ]),
      ),
    ).toEqual([
      ['links.0.url', 'Link 1 must start with http:// or https://'],
      ['links.3.url', 'Link 4 must start with http:// or https://'],
    ]);
    expect(deliverableLinkProblems([{ url: 'https://ok.test/b', note: 'Reel' }])).toEqual([]);
  });
  it('the answer is refused with the first problem, naming its field', () => {
    const refused = handInDeliverables(ready(), [{ url: 'https://ok.test/a', note: '' }, { url: 'nope', note: '' }], NOW);
    expect(refused).toMatchObject({ ok: false, error: 'Link 2 must start with http:// or https://', params: { field: 'links.1.url' } });
    expect(refusedInput(refused)).toBe('links.1.url');
  });
});

describe('products: a refused choice names the products group', () => {
  it('none, too many, too valuable: each refused with field productIds', () => {
    const inventory = sampleInventory(NOW).filter((i) => i.quantity > 0);
    const choose = (ids: string[], allowance = { maxItems: 2, maxValue: 100 }) =>
      chooseProducts({ ...ready(), giftAllowance: allowance }, ids, inventory, sampleOrders(NOW), NOW, (p) => `${p}_1`);
    expect(choose([])).toMatchObject({ ok: false, error: 'Please choose at least one product', params: { field: PRODUCTS_FIELD } });
    expect(choose(inventory.slice(0, 3).map((i) => i.id))).toMatchObject({ ok: false, error: 'You can choose up to 2 products', params: { field: PRODUCTS_FIELD } });
    expect(choose([inventory[0].id], { maxItems: 1, maxValue: 1 })).toMatchObject({ ok: false, params: { field: PRODUCTS_FIELD } });
    expect(englishOf(productPickProblem(2, { maxItems: 1, maxValue: 100 })!)).toBe('You can choose up to 1 product');
    expect(productPickProblem(1, { maxItems: 1, maxValue: 100 })).toBeNull();
  });
});

describe('plurals of the portal counts in en, es and fr', () => {
  const tr = async (lang: LanguageCode) => {
    await loadLanguage(lang);
    return translatorFor(lang).t;
  };
  const cases: [LanguageCode, string, string, string, string][] = [
    ['en-US', 'Choose up to 1 product, worth up to $100.00 in total.', 'Choose up to 3 products, worth up to $100.00 in total.', '1 of 3 chosen', '2 of 3 chosen'],
    ['es', 'Elige hasta 1 producto, por un valor total de hasta', 'Elige hasta 3 productos, por un valor total de hasta', '1 de 3 elegido', '2 de 3 elegidos'],
    ['fr', 'Choisissez jusqu’à 1 produit, d’une valeur totale de', 'Choisissez jusqu’à 3 produits, d’une valeur totale de', '1 sur 3 choisi', '2 sur 3 choisis'],
  ];
  it.each(cases)('%s: one and many products, and the running count', async (lang, one, many, countOne, countMany) => {
    const t = await tr(lang);
    expect(t('portal.products.hint', { count: 1, value: '$100.00' })).toContain(one);
    expect(t('portal.products.hint', { count: 3, value: '$100.00' })).toContain(many);
    expect(t('portal.products.count', { chosen: 1, max: 3 })).toBe(countOne);
    expect(t('portal.products.count', { chosen: 2, max: 3 })).toBe(countMany);
  });
  it('French counts 0 as one, Spanish and English as many', async () => {
    expect((await tr('fr'))('portal.products.count', { chosen: 0, max: 3 })).toBe('0 sur 3 choisi');
    expect((await tr('es'))('portal.products.count', { chosen: 0, max: 3 })).toBe('0 de 3 elegidos');
    expect((await tr('en-US'))('domain.portal.tooManyLinks', { max: 1 })).toBe('You can hand in up to 1 link');
    expect((await tr('es'))('domain.portal.tooMany', { max: 1 })).toBe('Puedes elegir hasta 1 producto');
    expect((await tr('fr'))('domain.portal.tooMany', { max: 2 })).toBe('Vous pouvez choisir jusqu’à 2 produits');
  });
});
