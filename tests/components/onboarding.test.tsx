import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Onboarding } from '../../widgets/onboarding';
import { renderScreen } from '../helpers/render';

describe('<Onboarding>', () => {
  it('walks the three steps with progress; Back hidden on the first; Finish goes to /dashboard', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<Onboarding />);
    expect(await screen.findByRole('heading', { name: 'Connect Your Stores' })).toBeInTheDocument();
    expect(screen.getByText('Link your marketplace accounts to start managing your creator funnels.')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '33');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Configure Automation' })).toHaveFocus();
    expect(screen.getByText('Set up default automation flows for common events.')).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '67');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Connect Your Stores' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Invite Team Members' })).toBeInTheDocument();
    expect(screen.getByText('Add your team members to collaborate on creator campaigns.')).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(visited).toEqual(['/dashboard']);
  });

  it('saves the automation toggles (on, on, off by default) as the workspace defaults', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Onboarding />);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const payment = screen.getByRole('switch', { name: 'Payment automation' });
    const shipment = screen.getByRole('switch', { name: 'Shipment automation' });
    const review = screen.getByRole('switch', { name: 'Review automation' });
    expect([payment, shipment, review].map((s) => (s as HTMLInputElement).checked)).toEqual([true, true, false]);
    await user.click(review);
    await user.click(payment);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(store.admin.automationDefaults.value.value).toEqual({ payment: false, shipment: true, review: true });
    expect(store.admin.activity.items.value[0].action).toBe('Automation defaults saved');
  });

  it('invites valid addresses as Pending members; invalid ones block Finish with a message', async () => {
    const user = userEvent.setup();
    const { store, visited } = await renderScreen(<Onboarding />);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const inputs = () => screen.getAllByRole('textbox', { name: /Email address/ });
    expect(inputs()).toHaveLength(1);
    expect(inputs()[0]).toHaveValue('');
    await user.type(inputs()[0], 'new.member@brand.com');
    await user.click(screen.getByRole('button', { name: 'Add Another Email' }));
    await user.click(screen.getByRole('button', { name: 'Add Another Email' }));
    expect(inputs()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove email address 3' }));
    expect(inputs()).toHaveLength(2);
    await user.type(inputs()[1], 'not-an-email');
    const before = store.team.members.items.value.length;
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(inputs()[1]).toHaveAttribute('aria-invalid', 'true');
    expect(inputs()[1]).toHaveAccessibleDescription('not-an-email is not a valid email address');
    expect(store.team.members.items.value).toHaveLength(before);
    expect(visited).toEqual([]);
    await user.clear(inputs()[1]);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const invited = store.team.members.items.value.find((m) => m.email === 'new.member@brand.com');
    expect(invited).toMatchObject({ status: 'Pending', role: 'Editor' });
    expect(store.team.members.items.value).toHaveLength(before + 1);
    expect(visited).toEqual(['/dashboard']);
  });

  it('Connect shows the loading toast, then after 1.5 s the success toast, and records the connection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { store } = await renderScreen(<Onboarding />);
      await user.click(await screen.findByRole('button', { name: 'Connect eBay' }));
      expect(await screen.findByText('Connecting to eBay...')).toBeInTheDocument();
      expect(store.admin.integrations.get('ebay')?.status).toBe('disconnected');
      await act(async () => {
        vi.advanceTimersByTime(1500);
      });
      expect(await screen.findByText('Successfully connected to eBay!')).toBeInTheDocument();
      expect(store.admin.integrations.get('ebay')?.status).toBe('connected');
      const row = screen.getByText('eBay').closest('li')!;
      expect(within(row).getByText('Connected')).toBeInTheDocument();
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
