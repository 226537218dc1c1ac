// Commission on the creator page as each role sees it: terms, the ledger by month with its
// caption, payments an Admin marks (and the balance paid ahead), read-only for a Viewer.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FunnelMonthSales } from '../../lib/domain/commission';
import type { TeamApi } from '../../lib/sync/team-api';
import { CreatorDetail } from '../../widgets/creator';
import { renderScreen } from '../helpers/render';
import { sellWithCode } from '../helpers/sales';

const trackingLinks = async () => ({ ok: true, origin: 'https://cf.example.com', workspaceId: 'acme' });
const panel = () => screen.getByRole('region', { name: 'Commission and what is owed' });
const ledger = () => within(panel()).getByRole('table', { name: 'Ledger of Sarah Johnson by month' });

describe('commission on the creator page', () => {
  it('an Admin sets the terms; the ledger shows the flat fee in the start month and commission on the month’s sales', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12345" />);
    expect(await within(panel()).findByText('Nothing earned or paid yet.')).toBeInTheDocument();
    await user.type(within(panel()).getByRole('spinbutton', { name: 'Commission (% of attributed net sales)' }), '12.5');
    await user.type(within(panel()).getByRole('spinbutton', { name: 'Flat fee' }), '250');
    await user.click(within(panel()).getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('Commission terms saved')).toBeInTheDocument();
    // The engagement started on January 29, 2026: its flat fee is earned that month.
    expect(within(ledger()).getByRole('row', { name: /January 2026/ })).toHaveTextContent('January 2026$0.000$0.00$250.00$250.00$0.00$250.00');
    expect(within(panel()).getByText('Owed: $250.00')).toBeInTheDocument();

    sellWithCode(store, 'sarahjstyle', 100, 'sale1');
    expect(await within(ledger()).findByRole('row', { name: /March 2026/ })).toHaveTextContent('March 2026$100.001$12.50$0.00$12.50$0.00$262.50');
    expect(within(panel()).getByText('Owed: $262.50')).toBeInTheDocument();
  });

  it('an Admin marks a payment larger than the balance: the ledger says it was paid ahead', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12345" />);
    act(() => void store.funnels.setCommissionTerms('CR12345', 10, null));
    sellWithCode(store, 'sarahjstyle', 100, 'sale1');
    expect(await within(panel()).findByText('Owed: $10.00')).toBeInTheDocument();
    const paidOn = within(panel()).getByLabelText('Paid on');
    await user.clear(paidOn);
    await user.type(paidOn, '2026-03-09');
    await user.type(within(panel()).getByRole('spinbutton', { name: 'Amount' }), '25');
    await user.type(within(panel()).getByRole('textbox', { name: 'Reference' }), 'WIRE-9');
    await user.click(within(panel()).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment of $25.00 recorded')).toBeInTheDocument();
    expect(within(panel()).getByText('Paid ahead by $15.00')).toBeInTheDocument();
    expect(within(within(panel()).getByRole('table', { name: 'Payments' }).querySelector('tbody')!).getByRole('row')).toHaveTextContent('Mar 9, 2026$25.00WIRE-9');
    expect(within(panel()).getByText(/Creatorflow never moves money/)).toBeInTheDocument();
  });

  it('refuses a payment dated in the future, with its reason, and records nothing', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12345" />);
    const paymentsBefore = store.funnels.payments.items.peek();
    const paidOn = await within(panel()).findByLabelText('Paid on');
    await user.clear(paidOn);
    await user.type(paidOn, '2026-04-01');
    await user.type(within(panel()).getByRole('spinbutton', { name: 'Amount' }), '25');
    await user.type(within(panel()).getByRole('textbox', { name: 'Reference' }), 'WIRE-9');
    await user.click(within(panel()).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('A payment is marked once it is made: its date cannot be in the future')).toBeInTheDocument();
    expect(store.funnels.payments.items.peek()).toEqual(paymentsBefore);
  });

  it('an Editor edits the terms but cannot mark a payment, and is told why', async () => {
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12345" />);
    act(() => store.session.signIn('tm_2'));
    expect(await within(panel()).findByRole('button', { name: 'Save terms' })).toBeEnabled();
    const record = within(panel()).getByRole('button', { name: 'Record payment' });
    expect(record).toBeDisabled();
    expect(record).toHaveAttribute('title', 'Only Admins can mark a payment to a creator');
  });

  it('a Viewer reads the terms and the ledger, and can change neither', async () => {
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12345" />);
    act(() => void store.funnels.setCommissionTerms('CR12345', 12.5, 250));
    act(() => store.session.signIn('tm_3'));
    expect(await within(panel()).findByText('12.50%')).toBeInTheDocument();
    expect(within(panel()).getByText('$250.00', { selector: 'dd' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Save terms' })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('spinbutton', { name: 'Flat fee' })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Record payment' })).toBeDisabled();
    expect(ledger()).toBeInTheDocument();
  });

  it('with the team server, the ledger reads the engagement’s sales by month from it, with no sale order in the browser', async () => {
    const asked: string[] = [];
    let answer: (months: FunnelMonthSales[]) => void = () => {};
    const teamApi = {
      trackingLinks,
      resultsMonths: (from: string, to: string, funnelId?: string) => {
        asked.push(`${from}..${to} ${funnelId}`);
        return new Promise((resolve) => (answer = (months) => resolve({ ok: true, months })));
      },
    } as unknown as TeamApi;
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12345" />, { teamApi });
    act(() => void store.funnels.setCommissionTerms('CR12345', 12.5, null));
    expect(await within(panel()).findByRole('status')).toHaveTextContent('Loading the attributed sales…');
    expect(within(panel()).queryByText('Nothing owed')).not.toBeInTheDocument();
    expect(asked).toEqual(['2016-04..2026-03 CR12345']);
    await act(async () => answer([{ funnelId: 'CR12345', month: '2026-02', orders: 3, netSales: 333.33 }]));
    expect(within(ledger()).getByRole('row', { name: /February 2026/ })).toHaveTextContent('February 2026$333.333$41.67$0.00$41.67$0.00$41.67');
    expect(within(panel()).getByText('Owed: $41.67')).toBeInTheDocument();
    expect(store.orders.items.items.peek().some((o) => o.attribution?.funnelId === 'CR12345')).toBe(false);
  });

  it('says why when the server cannot give the ledger’s sales, and shows no balance', async () => {
    const teamApi = { trackingLinks, resultsMonths: async () => ({ ok: false, error: 'You do not have permission to view analytics' }) } as unknown as TeamApi;
    await renderScreen(<CreatorDetail creatorId="CR12345" />, { teamApi });
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('The ledger could not be read: You do not have permission to view analytics');
    expect(within(panel()).queryByText(/Owed:|Nothing owed|Paid ahead/)).not.toBeInTheDocument();
  });
});
