import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FunnelBoard } from '../../widgets/funnel-board';
import { renderScreen } from '../helpers/render';

async function openWizard() {
  const user = userEvent.setup();
  const rendered = await renderScreen(<FunnelBoard />);
  await user.click(await screen.findByRole('button', { name: 'New Funnel' }));
  const dialog = screen.getByRole('dialog', { name: 'New Funnel' });
  return { user, dialog, ...rendered };
}

describe('New Funnel wizard', () => {
  it('goes through creator details, campaign objectives and deliverables, and the board shows the new funnel at Brief', async () => {
    const { user, dialog, store } = await openWizard();
    const steps = within(dialog).getByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Creator details', 'Campaign objectives', 'Deliverables']);
    expect(within(dialog).getByRole('group', { name: 'Step 1 of 3: Creator details' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Creator Name'), 'Nina Park');
    await user.type(within(dialog).getByLabelText('Handle'), 'ninapark');
    await user.type(within(dialog).getByLabelText('Email'), 'nina@park.example');
    await user.selectOptions(within(dialog).getByLabelText('Platform'), 'TikTok');
    await user.type(within(dialog).getByLabelText('Followers'), '120000');
    await user.type(within(dialog).getByLabelText('Engagement Rate (%)'), '5.5');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Creator');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(within(dialog).getByRole('group', { name: 'Step 2 of 3: Campaign objectives' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Objective')).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText('Objective'), 'Product launch');
    await user.type(within(dialog).getByLabelText('Budget (USD)'), '2500');
    expect(within(dialog).getByLabelText('Assigned To')).toHaveValue('Alex Morgan');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(within(dialog).getByRole('group', { name: 'Step 3 of 3: Deliverables' })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Content Type'), 'Unboxing Video');
    await user.clear(within(dialog).getByLabelText('Count'));
    await user.type(within(dialog).getByLabelText('Count'), '2');
    await user.type(within(dialog).getByLabelText('Notes'), 'One vertical, one horizontal');
    await user.click(within(dialog).getByRole('button', { name: 'Create Funnel' }));

    expect(screen.queryByRole('dialog', { name: 'New Funnel' })).not.toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Nina Park' });
    expect(within(card).getByLabelText('Status: Brief')).toBeInTheDocument();
    expect(within(card).getByText('@ninapark')).toBeInTheDocument();
    expect((await screen.findAllByText('Funnel CR12351 created for Nina Park at Brief')).length).toBeGreaterThan(0);
    expect(store.funnels.items.get('CR12351')).toMatchObject({
      status: 'Brief',
      platform: 'TikTok',
      category: 'Creator',
      value: 2500,
      objective: 'Product launch',
      deliverables: [{ contentType: 'Unboxing Video', count: 2, notes: 'One vertical, one horizontal' }],
    });
    expect(store.funnels.items.get('CR12351')?.steps.map((s) => s.current)).toEqual([true, false, false, false, false, false, false]);
  });

  it('checks each step before the next: problems are said by the fields and the first one gets focus', async () => {
    const { user, dialog, store } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('group', { name: 'Step 1 of 3: Creator details' })).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Creator Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription("Enter the creator's name");
    expect(name).toHaveFocus();
    expect(within(dialog).getByText("Enter the creator's email address")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Handle'), '@sarahjstyle');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('@sarahjstyle already has a funnel (CR12345)')).toBeInTheDocument();
    expect(store.funnels.items.items.value).toHaveLength(6);
  });

  it('Back keeps what was typed; the due date must follow the start date', async () => {
    const { user, dialog } = await openWizard();
    await user.type(within(dialog).getByLabelText('Creator Name'), 'Nina Park');
    await user.type(within(dialog).getByLabelText('Handle'), 'ninapark');
    await user.type(within(dialog).getByLabelText('Email'), 'nina@park.example');
    await user.type(within(dialog).getByLabelText('Followers'), '1000');
    await user.type(within(dialog).getByLabelText('Engagement Rate (%)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.selectOptions(within(dialog).getByLabelText('Objective'), 'Sales');
    await user.type(within(dialog).getByLabelText('Budget (USD)'), '100');
    await user.clear(within(dialog).getByLabelText('Due Date'));
    await user.type(within(dialog).getByLabelText('Due Date'), '2026-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByLabelText('Due Date')).toHaveAccessibleDescription('Due date must be after the start date');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Creator Name')).toHaveValue('Nina Park');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('is disabled with the reason for a Viewer', async () => {
    const { store } = await renderScreen(<FunnelBoard />);
    store.session.signIn('tm_3');
    const button = await screen.findByRole('button', { name: 'New Funnel' });
    await screen.findByRole('article', { name: 'Alex Rivera' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Your role cannot make changes in this workspace');
  });
});
