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
    await user.click(within(table).getByRole('button', { name: 'Download invoice INV-2026-002' }));
    expect(downloads.at(-1)!.name).toBe('invoice-INV-2026-002.csv');
    expect(parseCsv(downloads.at(-1)!.text).rows[0]).toEqual(['INV-2026-002', '2026-02-28', 'Creatorflow Demo Co.', 'Creatorflow Pro plan, 1 month', '49.00', 'Paid']);
  });

  it('numbers and dates invoices by the renewal day: a month apart, the latest a month before renewal', async () => {
    await renderScreen(<Billing />);
    expect(await screen.findByRole('region', { name: 'Current Plan' })).toHaveTextContent('Renews on Mar 28, 2026');
    const rows = within(screen.getByRole('table', { name: 'Invoice History' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 2).map((c) => c.textContent))).toEqual([
      ['INV-2026-002', 'Feb 28, 2026'],
      ['INV-2026-001', 'Jan 28, 2026'],
      ['INV-2025-012', 'Dec 28, 2025'],
    ]);
  });

  it('an issued invoice never changes when the plan changes', async () => {
    const user = userEvent.setup();
    await renderScreen(<Billing />);
    await user.click(await screen.findByRole('button', { name: 'Upgrade Plan' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Upgrade Plan' })).getByRole('button', { name: 'Switch to Business' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Switch to Business?' })).getByRole('button', { name: 'Switch to Business' }));
    expect(screen.getByRole('region', { name: 'Current Plan' })).toHaveTextContent('Business $99 per month');
    const table = screen.getByRole('table', { name: 'Invoice History' });
    expect(within(table).getAllByText('$49.00')).toHaveLength(3);
    await user.click(within(table).getByRole('button', { name: 'Download invoice INV-2026-002' }));
    expect(parseCsv(downloads.at(-1)!.text).rows[0][3]).toBe('Creatorflow Pro plan, 1 month');
  });

  it('the Upgrade Plan dialog switches plans after a confirmation and offers a sales mailto link', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Billing />);
    expect(await screen.findByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    await user.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Plan' });
    expect(within(dialog).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:sales@/));
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Business' }));
    // Switching asks first: Cancel keeps the plan.
    const confirm = screen.getByRole('dialog', { name: 'Switch to Business?' });
    expect(confirm).toHaveTextContent('Invoices already issued do not change.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(store.admin.plan.value.value).toMatchObject({ name: 'Pro' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Business' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Switch to Business?' })).getByRole('button', { name: 'Switch to Business' }));
    expect(store.admin.plan.value.value).toMatchObject({ name: 'Business', price: 99 });
    expect(screen.getByRole('region', { name: 'Current Plan' })).toHaveTextContent('Business $99 per month');
  });
});
