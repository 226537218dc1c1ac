import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parseCsv } from '../../lib/csv';
import { Billing } from '../../widgets/billing';
import { renderScreen } from '../helpers/render';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../widgets/ui/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

describe('<Billing>', () => {
  it('shows the Pro plan at $49 per month with its renewal date and features', async () => {
    await renderScreen(<Billing />);
    const plan = await screen.findByRole('region', { name: 'Current Plan' });
    expect(plan).toHaveTextContent('Pro $49 per month');
    expect(plan).toHaveTextContent('Renews on Mar 28, 2026');
    expect(within(plan).getByText('Up to 50 creator funnels')).toBeInTheDocument();
  });

  it('computes funnel usage from the workspace', async () => {
    const { store } = await renderScreen(<Billing />);
    expect(await screen.findByRole('progressbar', { name: 'Creator funnels' })).toHaveAttribute('aria-valuetext', '6 of 50 funnels');
    expect(screen.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('aria-valuetext', '7.5 of 10 GB');
    store.admin.importCreators([{ row: 1, draft: { handle: '@new', name: 'New' } }]);
    expect(await screen.findByText('7 of 50 funnels')).toBeInTheDocument();
  });

  it('lists invoices with their status and downloads a real invoice file', async () => {
    const user = userEvent.setup();
    await renderScreen(<Billing />);
    const table = await screen.findByRole('table', { name: 'Invoice History' });
    expect(within(table).getByText('Paid')).toBeInTheDocument();
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Download invoice INV-2024-003' }));
    expect(downloads[0].name).toBe('invoice-INV-2024-003.csv');
    expect(parseCsv(downloads[0].text).rows[0]).toEqual(['INV-2024-003', '2026-02-10', 'Creatorflow Demo Co.', 'Creatorflow Pro plan, 1 month', '49.00', 'Paid']);
  });

  it('the Upgrade Plan dialog switches plans and offers a sales mailto link', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Billing />);
    expect(await screen.findByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    await user.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Plan' });
    expect(within(dialog).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:sales@/));
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Business' }));
    expect(store.admin.plan.value.value).toMatchObject({ name: 'Business', price: 99 });
    expect(screen.getByRole('region', { name: 'Current Plan' })).toHaveTextContent('Business $99 per month');
  });
});
