import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Analytics } from '../../widgets/analytics';
import { renderScreen } from '../helpers/render';

const cell = (tableName: string, row: string) => {
  const table = screen.getByRole('table', { name: tableName });
  return within(table).getByRole('rowheader', { name: row }).closest('tr')!;
};
const card = (label: string) => within(screen.getByRole('region', { name: 'Key figures' })).getByText(label).nextElementSibling;

describe('<Analytics>', () => {
  it('shows the cards computed from the sample funnels and orders', async () => {
    await renderScreen(<Analytics />);
    await screen.findByRole('heading', { name: 'Analytics', level: 1 });
    expect(card('Conversion Rate')).toHaveTextContent('4.0%');
    expect(card('Average ROI')).toHaveTextContent('3.15x');
    expect(within(cell('Conversion Funnel', 'Impressions')).getByRole('cell')).toHaveTextContent('2,485,000');
    expect(within(cell('Conversion Funnel', 'Clicks')).getByRole('cell')).toHaveTextContent('188,464');
    expect(within(cell('Conversion Funnel', 'Orders')).getByRole('cell')).toHaveTextContent('3');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveDisplayValue('Last 6 months');
  });

  it('the period selector switches to the last 12 months', async () => {
    const user = userEvent.setup();
    await renderScreen(<Analytics />);
    const trend = await screen.findByRole('table', { name: 'ROI Trends' });
    expect(within(trend).getAllByRole('rowheader')).toHaveLength(6);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 12 months');
    expect(within(screen.getByRole('table', { name: 'ROI Trends' })).getAllByRole('rowheader')).toHaveLength(12);
  });

  it('figures change when an order is canceled', async () => {
    const { store } = await renderScreen(<Analytics />);
    await screen.findByRole('table', { name: 'Conversion Funnel' });
    const order = store.orders.items.get('ord_3')!;
    act(() => store.orders.items.put({ ...order, status: 'Canceled' }));
    expect(within(cell('Conversion Funnel', 'Orders')).getByRole('cell')).toHaveTextContent('2');
    expect(screen.getByText(/Revenue \$427\.07 from 2 orders/)).toBeInTheDocument();
  });

  it('shows the heatmap of creators by the five metrics, with white text on every cell', async () => {
    await renderScreen(<Analytics />);
    const heatmap = await screen.findByRole('table', { name: 'Performance Heatmap' });
    expect(within(heatmap).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Creator', 'Engagement', 'Conversion', 'ROI', 'Reach', 'Sales']);
    const jordan = within(heatmap).getByRole('rowheader', { name: 'Jordan Lee' }).closest('tr')!;
    const engagement = within(jordan).getAllByRole('cell')[0];
    expect(engagement).toHaveTextContent('4.5');
    expect(engagement).toHaveAttribute('data-text', 'white');
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
