import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FunnelMonthSales } from '../../lib/domain/commission';
import type { PeriodTotals } from '../../lib/domain/results';
import type { Store } from '../../lib/store';
import type { Order } from '../../lib/domain/types';
import type { TeamApi } from '../../lib/sync/team-api';
import { Analytics } from '../../widgets/analytics';
import { renderScreen } from '../helpers/render';

const cell = (tableName: string, row: string) => {
  const table = screen.getByRole('table', { name: tableName });
  return within(table).getByRole('rowheader', { name: row }).closest('tr')!;
};
/** A key figure's card, found by its label, as assistive technology names it. */
const figure = (label: string) => within(screen.getByRole('region', { name: 'Key figures' })).getByRole('article', { name: label });

const attributed = (order: Order, funnelId: string, more: Partial<Order> = {}): Order => ({ ...order, attribution: { funnelId, code: 'SARAHJSTYLE', handle: '@sarahjstyle', rule: 'code' }, ...more });

/** The sample's one engagement with terms (Emma Davis: 10% and a $500 flat fee) without them, so cost is gifts only. */
const withoutTerms = (store: Store) => act(() => void store.funnels.setCommissionTerms('CR12347', null, null));

/** A team server answering the period's totals and its sales by month. */
const server = (totals: PeriodTotals, months: FunnelMonthSales[] = []) =>
  ({
    resultsOverall: async () => ({ ok: true, days: totals.days }),
    resultsTotals: async () => ({ ok: true, ...totals }),
    resultsMonths: async () => ({ ok: true, months }),
  }) as unknown as TeamApi;

describe('<Analytics>', () => {
  it('with nothing attributed and no gifts, every figure says "—" and why, never a typed number, and how it is computed', async () => {
    const { store } = await renderScreen(<Analytics />);
    withoutTerms(store);
    await screen.findByRole('heading', { name: 'Analytics', level: 1 });
    expect(figure('Attributed revenue')).toHaveTextContent('—No sales attributed yet');
    expect(figure('Attributed revenue')).toHaveAccessibleDescription('Sales attributed to creators by their code or link, after discounts and refunds, without tax or shipping.');
    expect(figure('Cost')).toHaveTextContent('—No gifts shipped yet');
    expect(figure('ROI')).toHaveTextContent('—No cost yet: ROI needs a cost');
    expect(figure('ROI')).toHaveAccessibleDescription('(Attributed revenue − cost) ÷ cost.');
    // Without the team server no click is ever counted: the reason says so.
    expect(figure('Conversion Rate')).toHaveTextContent('—Link clicks are counted by the team server');
    expect(figure('Conversion Rate')).toHaveAccessibleDescription('Attributed orders ÷ tracking-link clicks.');
    expect(screen.queryByText('3.15x')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveDisplayValue('Last 6 months');
  });

  it('an attributed sale is revenue (its subtotal), a gift is cost, and ROI follows; cancelling the sale takes it back', async () => {
    const { store } = await renderScreen(<Analytics />);
    await screen.findByRole('region', { name: 'Key figures' });
    withoutTerms(store);
    const sale = store.orders.items.get('ord_3')!;
    act(() => {
      store.orders.items.put(attributed(sale, 'CR12345'));
      store.orders.items.put({ ...sale, id: 'gift_1', kind: 'gift', creatorId: 'CR12345', tax: 0, shipping: 0, shippingCost: 10, items: [{ ...sale.items[0], productId: 'inv_1', sku: 'SKU-001', quantity: 1 }] });
    });
    expect(figure('Attributed revenue')).toHaveTextContent('$89.00');
    expect(figure('Cost')).toHaveTextContent('$28.00');
    expect(figure('ROI')).toHaveTextContent('2.18x');
    expect(figure('Attributed orders')).toHaveTextContent('1');
    const byType = screen.getByRole('table', { name: 'Results by campaign type' });
    expect(within(byType).getByRole('rowheader', { name: 'Sponsored Post' }).closest('tr')).toHaveTextContent('Sponsored Post$89.00$28.002.18x—01');
    act(() => store.orders.items.put(attributed(sale, 'CR12345', { status: 'Canceled' })));
    expect(figure('Attributed revenue')).toHaveTextContent('—No sales attributed yet');
    expect(figure('ROI')).toHaveTextContent('-1.00x');
  });

  it('with the team server, reads the period’s clicks and sales from it: conversion = orders ÷ clicks', async () => {
    const asked: string[] = [];
    let answer: (totals: PeriodTotals) => void = () => {};
    let answerOverall: (totals: PeriodTotals) => void = () => {};
    const teamApi = {
      resultsOverall: (from: string, to: string) => {
        asked.push(`overall ${from}..${to}`);
        return new Promise((resolve) => (answerOverall = (totals) => resolve({ ok: true, days: totals.days })));
      },
      resultsTotals: (from: string, to: string) => {
        asked.push(`${from}..${to}`);
        return new Promise((resolve) => (answer = (totals) => resolve({ ok: true, ...totals })));
      },
      resultsMonths: async (from: string, to: string) => {
        asked.push(`${from}..${to}`);
        return { ok: true, months: [] };
      },
    } as unknown as TeamApi;
    const { store } = await renderScreen(<Analytics />, { teamApi });
    withoutTerms(store);
    expect(await screen.findByText('Loading results…', { selector: '[data-figure="revenue"] p' })).toBeInTheDocument();
    expect(asked).toEqual(['overall 2025-10-01..2026-03-10', '2025-10-01..2026-03-10', '2025-10..2026-03']);
    const measured = { funnels: [{ funnelId: 'CR12345', clicks: 200, visitors: 150, orders: 4, revenue: 360 }], days: [{ day: '2026-03-02', clicks: 200, visitors: 150, orders: 4, revenue: 360 }] };
    // The overall figures come first: they paint, and the breakdown says it is still loading.
    await act(async () => answerOverall(measured));
    expect(figure('Attributed revenue')).toHaveTextContent('$360.00');
    expect(within(screen.getByRole('region', { name: 'Results by campaign type' })).getByRole('status')).toHaveTextContent('Loading results per creator…');
    expect(screen.queryByRole('table', { name: 'Results by campaign type' })).not.toBeInTheDocument();
    await act(async () => answer(measured));
    expect(figure('Attributed revenue')).toHaveTextContent('$360.00');
    expect(figure('Conversion Rate')).toHaveTextContent('2.0%');
    expect(figure('Clicks')).toHaveTextContent('200');
    expect(figure('Clicks')).toHaveAccessibleDescription('Clicks on creators’ tracking links (150 daily unique visitors).');
    expect(within(cell('Conversion Funnel', 'Clicks')).getByRole('cell')).toHaveTextContent('200');
    expect(within(cell('Conversion Funnel', 'Orders')).getByRole('cell')).toHaveTextContent('4');
    expect(within(cell('ROI Trends', 'Mar 2026')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', '$360.00', '$0.00', '4']);
  });

  it('paints the overall figures before the commission arrives; Cost and ROI say they are loading commission, never a cost without it', async () => {
    let answerMonths: (months: FunnelMonthSales[]) => void = () => {};
    const totals: PeriodTotals = { funnels: [{ funnelId: 'CR12345', clicks: 10, visitors: 8, orders: 2, revenue: 333.33 }], days: [{ day: '2026-03-02', clicks: 10, visitors: 8, orders: 2, revenue: 333.33 }] };
    const teamApi = {
      resultsOverall: async () => ({ ok: true, days: totals.days }),
      resultsTotals: async () => ({ ok: true, ...totals }),
      resultsMonths: () => new Promise((resolve) => (answerMonths = (months) => resolve({ ok: true, months }))),
    } as unknown as TeamApi;
    const { store } = await renderScreen(<Analytics />, { teamApi });
    withoutTerms(store);
    act(() => void store.funnels.setCommissionTerms('CR12345', 12.5, null));
    await screen.findByText('$333.33', { selector: '[data-figure="revenue"] .cf-stat-value' });
    expect(figure('Cost')).toHaveTextContent('—Loading commission…');
    expect(figure('ROI')).toHaveTextContent('—Loading commission…');
    expect(screen.queryByText('$41.67')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Results by campaign type' })).getByRole('status')).toHaveTextContent('Loading results per creator…');
    await act(async () => answerMonths([{ funnelId: 'CR12345', month: '2026-03', orders: 2, netSales: 333.33 }]));
    expect(figure('Cost')).toHaveTextContent('$41.67');
    expect(figure('ROI')).toHaveTextContent('7.00x');
    expect(cell('Results by campaign type', 'Sponsored Post')).toHaveTextContent('Sponsored Post$333.33$41.677.00x');
  });

  it('says when the server refuses the results, and shows no figure', async () => {
    const refused = async () => ({ ok: false, error: 'You do not have permission to view analytics' });
    const teamApi = { resultsOverall: refused, resultsTotals: refused, resultsMonths: refused } as unknown as TeamApi;
    await renderScreen(<Analytics />, { teamApi });
    expect(await screen.findByRole('alert')).toHaveTextContent('Results could not be loaded: You do not have permission to view analytics');
    expect(figure('Attributed revenue')).toHaveTextContent('—Results could not be loaded');
  });

  it('counts commission and flat fees in the cost, from the server’s sales by month and the engagements’ terms, and says so', async () => {
    const totals: PeriodTotals = { funnels: [{ funnelId: 'CR12345', clicks: 0, visitors: 0, orders: 2, revenue: 333.33 }], days: [{ day: '2026-03-02', clicks: 0, visitors: 0, orders: 2, revenue: 333.33 }] };
    const { store } = await renderScreen(<Analytics />, { teamApi: server(totals, [{ funnelId: 'CR12345', month: '2026-03', orders: 2, netSales: 333.33 }]) });
    withoutTerms(store);
    act(() => void store.funnels.setCommissionTerms('CR12345', 12.5, null));
    // 12.5% of $333.33 is $41.66625: rounded once, half up, to $41.67. No order is in the browser.
    await screen.findByText('$41.67', { selector: '[data-figure="cost"] .cf-stat-value' });
    expect(figure('Cost')).toHaveTextContent('Of which commission and flat fees: $41.67');
    expect(figure('Cost')).toHaveAccessibleDescription(/plus the commission and flat fees their engagements earned in the period/);
    expect(figure('ROI')).toHaveTextContent('7.00x');
    expect(within(cell('ROI Trends', 'Mar 2026')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['7.00x', '$333.33', '$41.67', '2']);
    expect(cell('Results by campaign type', 'Sponsored Post')).toHaveTextContent('Sponsored Post$333.33$41.677.00x');
  });

  it('the sample’s flat fee is a cost in its start month; with no cost at all ROI is "—"', async () => {
    const { store } = await renderScreen(<Analytics />);
    expect(await screen.findByText('$500.00', { selector: '[data-figure="cost"] .cf-stat-value' })).toBeInTheDocument();
    expect(figure('ROI')).toHaveTextContent('-1.00x');
    expect(within(cell('ROI Trends', 'Dec 2025')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['-1.00x', '$0.00', '$500.00', '0']);
    withoutTerms(store);
    expect(figure('Cost')).toHaveTextContent('—No gifts shipped yet');
    expect(figure('ROI')).toHaveTextContent('—No cost yet: ROI needs a cost');
  });

  it('the period selector switches to the last 12 months', async () => {
    const user = userEvent.setup();
    await renderScreen(<Analytics />);
    const trend = await screen.findByRole('table', { name: 'ROI Trends' });
    expect(within(trend).getAllByRole('rowheader')).toHaveLength(6);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 12 months');
    expect(within(screen.getByRole('table', { name: 'ROI Trends' })).getAllByRole('rowheader')).toHaveLength(12);
  });

  it('shows the heatmap of creators by the five metrics; a measured figure with no data is "—" with its reason', async () => {
    const { store } = await renderScreen(<Analytics />);
    const heatmap = await screen.findByRole('table', { name: 'Performance Heatmap' });
    expect(within(heatmap).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Creator', 'Engagement', 'Conversion', 'ROI', 'Reach', 'Sales']);
    const jordan = within(heatmap).getByRole('rowheader', { name: 'Jordan Lee' }).closest('tr')!;
    const [engagement, conversion, roi, , sales] = within(jordan).getAllByRole('cell');
    expect(engagement).toHaveTextContent('4.5');
    expect(engagement).toHaveAttribute('data-text', 'white');
    expect(conversion).toHaveTextContent('— (No link clicks counted yet)');
    expect(roi).toHaveTextContent('— (No cost yet: ROI needs a cost)');
    expect(sales).toHaveTextContent('— (No sales attributed yet)');
    act(() => store.orders.items.put(attributed(store.orders.items.get('ord_1')!, 'CR12350')));
    const row = within(screen.getByRole('table', { name: 'Performance Heatmap' })).getByRole('rowheader', { name: 'Jordan Lee' }).closest('tr')!;
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('4.2 ($119.98)');
  });

  it('shows the metric notice and three AI Next Best Actions', async () => {
    await renderScreen(<Analytics metric="engagement_top10" />);
    expect(await screen.findByText(/Filtering by metric/)).toHaveTextContent('Filtering by metric: engagement_top10');
    const actions = screen.getByRole('region', { name: 'AI Next Best Actions' });
    expect(within(actions).getAllByRole('listitem')).toHaveLength(3);
    // The heatmap is sorted by the focused metric: the most engaging creator first.
    const heatmap = screen.getByRole('table', { name: 'Performance Heatmap' });
    expect(within(heatmap).getAllByRole('rowheader')[0]).toHaveTextContent('Jordan Lee');
  });

  it('a member without viewAnalytics sees a clear message instead of the figures', async () => {
    const { store } = await renderScreen(<Analytics />);
    await screen.findByRole('table', { name: 'Conversion Funnel' });
    const member = store.session.members.get('tm_2')!;
    act(() => {
      store.session.members.put({ ...member, permissions: { ...member.permissions, viewAnalytics: false } });
      store.session.signIn('tm_2');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to view analytics');
    expect(screen.queryByRole('table', { name: 'Conversion Funnel' })).not.toBeInTheDocument();
  });
});
