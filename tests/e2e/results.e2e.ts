// Measured results end to end, against `npm start`'s team server in real Chromium: the owner
// connects Shopify with a signing secret and sets the shop URL in Settings › Integrations; a
// signed orders/create built from Shopify's documented sample order (tests/server/fixtures),
// carrying Sarah Johnson's discount code in another letter case, shows on Orders as "Attributed
// to @sarahjstyle (SARAHJSTYLE)"; Analytics' revenue, overall and for Sarah, rises by exactly its
// subtotal after discounts and ROI is (revenue − cost) / cost of the figures shown; her portal
// counts the order. A partial refund (refunds/create, the documented sample) takes back exactly
// its amount and a cancellation the rest. A visitor's click on her tracking link counts and lands
// on the shop (intercepted: nothing leaves loopback) with the code and UTM parameters. A gift
// shipped to her through New Order is charged no tax or shipping and raises the cost, not revenue.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';

const { newPage, signIn, browser, baseURL } = useTeamServer();

const SECRET = 'shpss_results0123456789abcdef42';
const SHOP = 'https://shop.results-e2e.test';
const ORDER = JSON.parse(readFileSync(new URL('../server/fixtures/shopify-orders-create.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const REFUND = readFileSync(new URL('../server/fixtures/shopify-refunds-create.json', import.meta.url), 'utf8');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const twoDigits = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A shown amount in cents ("—" is none: 0). */
const cents = (text: string) => (text.trim() === '—' ? 0 : Math.round(Number(text.replace(/[$,]/g, '')) * 100));
const money = (c: number) => usd.format(c / 100);

/** Posts a delivery to the shop's webhook address, signed as Shopify signs it. */
async function deliver(address: string, topic: string, body: string, id: string) {
  const response = await fetch(address, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-topic': topic, 'x-shopify-webhook-id': id, 'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body, 'utf8').digest('base64') },
    body,
  });
  expect([topic, response.status]).toEqual([topic, 200]);
}
/**
 * The sample order, as Shopify would send it with this code (and any other fields changed). Its
 * id past 2^53 loses digits as a JS number; the server reads the order's id from its
 * admin_graphql_api_id, a string, as the refund's order_id names it.
 */
const shopifyOrder = (code: string, extra: Record<string, unknown> = {}) => JSON.stringify({ ...ORDER, discount_codes: [{ code, amount: '20.00', type: 'fixed_amount' }], ...extra });

const figure = (page: Page, label: string) => page.getByRole('article', { name: label, exact: true }).locator('.cf-stat-value');
const heatmapSales = (page: Page, creator: string) =>
  page.getByRole('table', { name: 'Performance Heatmap' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: creator, exact: true }) }).getByRole('cell').last();

interface Shown {
  revenue: number;
  cost: number;
  clicks: number;
  roi: string;
  sarah: number;
}
/** Opens Analytics and reads its figures once all three of the server's reads are in (no "Loading …" left). */
async function analytics(page: Page): Promise<Shown> {
  await page.goto('/analytics');
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  await page.getByRole('article', { name: 'Clicks', exact: true }).waitFor();
  await page.getByText('Loading results…').first().waitFor({ state: 'detached' });
  await page.getByText('Loading commission…').first().waitFor({ state: 'detached' });
  await page.getByText('Loading results per creator…').first().waitFor({ state: 'detached' });
  const sales = (await heatmapSales(page, 'Sarah Johnson').textContent()) ?? '';
  return {
    revenue: cents((await figure(page, 'Attributed revenue').textContent()) ?? ''),
    cost: cents((await figure(page, 'Cost').textContent()) ?? ''),
    clicks: Number(((await figure(page, 'Clicks').textContent()) ?? '').replace(/[—,]/g, '') || 0),
    roi: (await figure(page, 'ROI').textContent()) ?? '',
    sarah: cents(/\((\$[\d,.]+)\)/.exec(sales)?.[1] ?? '—'),
  };
}
/**
 * Reopens Analytics until `done` holds of what it shows (a delivery is answered before every
 * browser has its change; each visit reads the server's totals afresh), at most 40 visits.
 */
async function analyticsUntil(page: Page, done: (shown: Shown) => boolean, what: string): Promise<Shown> {
  let shown = await analytics(page);
  for (let visit = 1; !done(shown); visit++) {
    if (visit === 40) throw new Error(`Analytics never showed ${what}: ${JSON.stringify(shown)}`);
    shown = await analytics(page);
  }
  return shown;
}
const analyticsShowing = (page: Page, revenue: number) => analyticsUntil(page, (shown) => shown.revenue === revenue, `revenue ${money(revenue)}`);
const roiOf = (revenue: number, cost: number) => `${twoDigits.format((revenue - cost) / cost)}x`;

describe('results a brand can trust', () => {
  it('a Shopify sale with a creator’s code, its refund and cancellation, a click on the link and a gift, each counted as it is', async () => {
    const { page, errors } = await newPage();
    await signIn(page, { path: '/integrations' });
    await page.waitForURL(/\/integrations$/);
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    // Settings › Integrations: Shopify's signing secret, and the shop URL.
    await page.getByRole('button', { name: 'Connect Shopify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Integration' });
    const section = dialog.getByRole('region', { name: 'Shopify order webhooks' });
    const address = await section.getByLabel('Webhook address to paste into Shopify').inputValue();
    await section.getByLabel('Webhook signing secret').fill(SECRET);
    await section.getByRole('button', { name: 'Save signing secret' }).click();
    await section.getByRole('status').filter({ hasText: 'Signing secret saved on the server' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Shop URL' }).fill(SHOP);
    await page.getByRole('button', { name: 'Save shop URL' }).click();
    await page.getByText('Shop URL saved').first().waitFor();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    // Sarah's code and link, as her page shows them; her portal link.
    await page.goto('/creator/CR12345');
    const code = ((await page.getByLabel('Discount code', { exact: true }).first().textContent()) ?? '').trim();
    expect(code).toBe('SARAHJSTYLE');
    const link = ((await page.getByLabel('Tracking link', { exact: true }).first().textContent()) ?? '').trim();
    expect(link).toBe(`${baseURL()}/r/${code}?w=${new URL(link).searchParams.get('w')}`);
    await page.getByRole('button', { name: 'Copy creator link' }).click();
    const portalLink = await page.getByRole('textbox', { name: 'Creator link' }).inputValue();
    const creator = await browser().newContext({ baseURL: baseURL() });
    const portal = await creator.newPage();
    const portalOrders = async () => {
      await portal.goto(portalLink);
      const row = portal.getByRole('table', { name: 'Your clicks, orders and commission' }).getByRole('row').filter({ has: portal.getByRole('rowheader', { name: 'Orders with your code or link' }) });
      return Number(await row.getByRole('cell').last().textContent());
    };
    const portalBefore = await portalOrders();

    // A fresh workspace: no gift shipped in the period, so its one cost is the sample engagement's
    // $500 flat fee (Emma Davis), and ROI is computed from the figures shown, never a typed number.
    const start = await analytics(page);
    expect(start).toMatchObject({ cost: 50_000, roi: roiOf(start.revenue, 50_000) });

    // A gift to Sarah through New Order: no tax or shipping charged; its unit cost ($9.80) and shipping ($8.95) are a cost.
    await page.goto('/orders');
    await page.getByRole('button', { name: 'New Order' }).click();
    const form = page.getByRole('dialog', { name: 'New Order' });
    await form.getByLabel('Ship to').selectOption({ label: 'Sarah Johnson (@sarahjstyle) — gift' });
    await form.getByText('A gift to a creator: no tax or shipping is charged; it counts as a cost.').waitFor();
    await form.getByLabel('Street address').fill('5 Pine Rd');
    await form.getByLabel('City').fill('Portland');
    await form.getByLabel('State').fill('OR');
    await form.getByLabel('Postal code').fill('97201');
    await form.getByLabel('Product 1').selectOption('SKU-004');
    await form.getByText(/^Subtotal \$[\d.,]+ · Tax \$0\.00 · Shipping \$0\.00 · Total \$[\d.,]+$/).waitFor();
    await form.getByRole('button', { name: 'Create Order' }).click();
    await page.getByText('A gift is charged no tax or shipping. Its shipping costs the brand $8.95.').waitFor();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    const gifted = await analyticsUntil(page, (shown) => shown.cost !== start.cost, 'the gift’s cost');
    expect(gifted).toMatchObject({ cost: start.cost + 980 + 895, revenue: start.revenue, sarah: start.sarah });
    expect(money(gifted.cost)).toBe(await figure(page, 'Cost').textContent());
    const before = gifted;

    // orders/create from Shopify's sample, the code in lower case: $388.00 of goods after discounts.
    const subtotal = cents(String(ORDER.subtotal_price));
    expect(subtotal).toBe(38800);
    await deliver(address, 'orders/create', shopifyOrder(code.toLowerCase()), 'results-create');
    await page.goto('/orders');
    await page.getByRole('row').filter({ hasText: 'John Smith' }).filter({ hasText: `Attributed to @sarahjstyle (${code})` }).waitFor();

    const sold = await analyticsShowing(page, before.revenue + subtotal);
    expect(sold).toMatchObject({ revenue: before.revenue + subtotal, sarah: before.sarah + subtotal, cost: before.cost });
    expect(sold.roi).toBe(roiOf(sold.revenue, sold.cost));
    expect(sold.roi).not.toBe(before.roi);
    expect(await portalOrders()).toBe(portalBefore + 1);

    // refunds/create, Shopify's sample refund of this order: $199.00 of goods taken back, exactly.
    const refunded = cents('199.00');
    await deliver(address, 'refunds/create', REFUND, 'results-refund');
    const afterRefund = await analyticsShowing(page, sold.revenue - refunded);
    expect(afterRefund).toMatchObject({ sarah: sold.sarah - refunded, cost: before.cost, roi: roiOf(sold.revenue - refunded, before.cost) });

    // Cancelled: the order counts for nothing.
    await deliver(address, 'orders/updated', shopifyOrder(code, { cancelled_at: new Date().toISOString() }), 'results-cancel');
    const cancelled = await analyticsShowing(page, before.revenue);
    expect(cancelled).toMatchObject({ revenue: before.revenue, sarah: before.sarah, roi: before.roi });

    // A visitor clicks the tracking link: it counts, and lands on the shop with the code and UTM parameters.
    const visitor = await browser().newContext();
    const landed: string[] = [];
    const redirects: { status: number; location: string }[] = [];
    // Playwright routes neither a redirect's next request nor one after a fulfilled redirect, and
    // the shop's host is not on this machine: the link's request goes to the server as it is
    // (the server counts the click), its answer is recorded and given to the page, and the page
    // then opens the Location it was sent to, which is answered here as the shop. Nothing
    // leaves loopback.
    await visitor.route(
      (url) => url.href.startsWith(`${baseURL()}/r/`),
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        redirects.push({ status: response.status(), location: response.headers().location });
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Redirecting</title>' });
      },
    );
    await visitor.route(
      (url) => url.origin === SHOP,
      (route) => {
        landed.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Shop</h1>' });
      },
    );
    const visit = await visitor.newPage();
    await visit.goto(link);
    expect(redirects).toHaveLength(1);
    expect(redirects[0].status).toBe(302);
    await visit.goto(redirects[0].location);
    await visit.getByRole('heading', { name: 'Shop' }).waitFor();
    expect(landed).toEqual([redirects[0].location]);
    const target = new URL(landed[0]);
    expect(target.origin + target.pathname).toBe(`${SHOP}/discount/${code}`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      redirect: `/?utm_source=creatorflow&utm_medium=creator&utm_campaign=${code}`,
      utm_source: 'creatorflow',
      utm_medium: 'creator',
      utm_campaign: code,
    });
    await analyticsUntil(page, (shown) => shown.clicks === before.clicks + 1, 'the click');

    expect(errors).toEqual([]);
    await Promise.all([creator.close(), visitor.close()]);
  }, 180_000);
});
