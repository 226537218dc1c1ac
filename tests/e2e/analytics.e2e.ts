import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

const ordersCell = (page: Page, scope = '') =>
  page.locator(`${scope} table`, { has: page.getByText('Conversion Funnel', { exact: true }) }).getByRole('row', { name: /^Orders/ }).getByRole('cell');

/** A key figure's value, the card found by its accessible name. */
const figure = (page: Page, label: string) => page.getByRole('article', { name: label, exact: true }).locator('.cf-stat-value');

/** Changes an order the way another tab of the workspace does: stored, then announced. */
async function changeOrderElsewhere(page: Page, id: string, change: Record<string, unknown>) {
  await page.evaluate(
    async ({ id, change }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('creatorflow:default');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
      });
      const tx = db.transaction('records', 'readwrite');
      const records = tx.objectStore('records');
      const stored = await new Promise<{ value: Record<string, unknown> }>((resolve) => {
        const request = records.get(['orders', id]);
        request.onsuccess = () => resolve(request.result);
      });
      const value = { ...stored.value, ...change, updatedAt: new Date().toISOString() };
      records.put({ collection: 'orders', id, value });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
      const channel = new BroadcastChannel('creatorflow:default');
      channel.postMessage([{ type: 'put', collection: 'orders', id, value }]);
      channel.close();
    },
    { id, change },
  );
}

describe('analytics in the host app', () => {
  it('renders the figures and charts, switches period, and follows a sale attributed and cancelled elsewhere', async () => {
    const { page, problems } = await b.open('/analytics?metric=engagement');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByText('Filtering by metric: engagement').waitFor();
    // The sample's sales are attributed to no one, and without the team server no click is counted.
    expect(await figure(page, 'Attributed revenue').textContent()).toBe('—');
    await page.getByText('No sales attributed yet').first().waitFor();
    expect(await figure(page, 'Conversion Rate').textContent()).toBe('—');
    // The sample's one cost is Emma Davis' $500 flat fee, earned in the month her engagement
    // started: commission and fees are cost, so ROI is -1.00x overall and in that month only.
    expect(await figure(page, 'Cost').textContent()).toBe('$500.00');
    expect(await figure(page, 'ROI').textContent()).toBe('-1.00x');
    expect(await ordersCell(page).textContent()).toBe('0');
    // recharts drew the funnel chart: a bar for the impressions (clicks and orders are 0, drawn
    // as nothing on the log axis but labelled).
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    // The trend chart loads on its own: once its month axis is drawn, its one measured month
    // (the only ROI in its table) is its one line; before that, no line would prove nothing.
    const trend = page.locator('figure', { has: page.getByRole('heading', { name: 'ROI Trends' }) });
    await trend.locator('.recharts-cartesian-axis-tick-value', { hasText: /^[A-Z][a-z]{2} \d{4}$/ }).first().waitFor();
    const measuredMonths = await trend.locator('table tbody tr').evaluateAll((rows) => rows.filter((r) => r.querySelector('td')?.textContent !== '—').length);
    expect(measuredMonths).toBe(1);
    expect(await trend.locator('.recharts-line-curve').count()).toBe(1);
    expect(await page.getByRole('listitem').filter({ has: page.getByRole('link') }).count()).toBeGreaterThanOrEqual(3);

    const trendRows = () => page.locator('table', { has: page.getByText('ROI Trends', { exact: true }) }).locator('tbody tr').count();
    expect(await trendRows()).toBe(6);
    await page.getByLabel('Period').selectOption('Last 12 months');
    expect(await trendRows()).toBe(12);

    await changeOrderElsewhere(page, 'ord_3', { attribution: { funnelId: 'CR12347', code: 'EMMADAVISFIT', handle: '@emmadavisfit', rule: 'manual' } });
    await figure(page, 'Attributed revenue').filter({ hasText: '$89.00' }).waitFor();
    expect(await ordersCell(page).textContent()).toBe('1');
    await changeOrderElsewhere(page, 'ord_3', { status: 'Canceled' });
    await figure(page, 'Attributed revenue').filter({ hasText: '—' }).waitFor();
    expect(await ordersCell(page).textContent()).toBe('0');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});

describe('<cf-analytics> element', () => {
  it('renders recharts inside its shadow root and reads the period attribute', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('button', { name: 'Add Item' }).waitFor();
    await page.evaluate(() => {
      const element = document.createElement('cf-analytics');
      element.setAttribute('period', '12m');
      document.querySelector('main')!.append(element);
    });
    const analytics = page.locator('cf-analytics');
    await analytics.getByRole('heading', { name: 'Analytics' }).waitFor();
    expect(await analytics.getByLabel('Period').inputValue()).toBe('12m');
    await analytics.locator('.recharts-bar-rectangle').first().waitFor();
    const bar = analytics.locator('.recharts-bar-rectangle path').first();
    expect(Number(await bar.evaluate((el) => (el as SVGGraphicsElement).getBBox().height))).toBeGreaterThan(0);
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});

describe('ROI Trends axis', () => {
  it.each([
    ['laptop', 1366],
    ['phone', 390],
  ])('every month label, the last one included, lies inside the chart (%s)', async (_name, width) => {
    const context = await b.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/analytics?period=12m');
    const chart = page.locator('figure', { has: page.getByRole('heading', { name: 'ROI Trends' }) }).locator('.cf-chart-box svg.recharts-surface');
    // The month labels of the x-axis ("Nov 2026"); the y-axis labels read "2x".
    const ticks = chart.locator('.recharts-cartesian-axis-tick-value', { hasText: /^[A-Z][a-z]{2} \d{4}$/ });
    await ticks.last().waitFor();
    const box = (await chart.boundingBox())!;
    const labels = await ticks.evaluateAll((nodes) => nodes.map((n) => ({ text: n.textContent, left: n.getBoundingClientRect().left, right: n.getBoundingClientRect().right })));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      expect(label.left, `${label.text} starts inside`).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(label.right, `${label.text} ends inside`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
  });
});
