import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Team } from '../../widgets/team';
import { renderScreen } from '../helpers/render';

describe('<Team>', () => {
  it('shows the members table with Member, Role, Status, Permissions, Actions', async () => {
    await renderScreen(<Team />);
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Member', 'Role', 'Status', 'Permissions', 'Actions']);
    const jamie = within(table).getByText('Jamie Smith').closest('tr')!;
    expect(within(jamie).getByRole('combobox', { name: 'Role of Jamie Smith' })).toHaveValue('Editor');
    expect(within(jamie).getByText('Active')).toBeInTheDocument();
    expect(within(jamie).getByRole('checkbox', { name: 'Manage team for Jamie Smith' })).not.toBeChecked();
  });

  it('refuses an empty, an invalid and a duplicate address in the Invite Member dialog', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Team />);
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter an email address');
    await user.type(within(dialog).getByLabelText('Email Address'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('not-an-address is not a valid email address');
    await user.clear(within(dialog).getByLabelText('Email Address'));
    await user.type(within(dialog).getByLabelText('Email Address'), 'jamie.smith@creatorflow.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('jamie.smith@creatorflow.example is already on the team');
    expect(store.team.members.items.value).toHaveLength(3);
  });

  it('invites a Pending Editor by default', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Team />);
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Member' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue('Editor');
    await user.type(within(dialog).getByLabelText('Email Address'), 'casey@brand.example{Enter}');
    const row = (await screen.findByText('casey@brand.example')).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Send outreach for casey' })).toBeChecked();
    expect(within(row).getByRole('checkbox', { name: 'Manage team for casey' })).not.toBeChecked();
    expect(store.team.members.items.value).toHaveLength(4);
    expect((await screen.findAllByText('Invitation sent successfully')).length).toBeGreaterThan(0);
  });

  it('a role change to Admin turns manageTeam on, and a checkbox toggles one permission', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Team />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Jamie Smith' }), 'Admin');
    expect(screen.getByRole('checkbox', { name: 'Manage team for Jamie Smith' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'View analytics for Jamie Smith' }));
    expect(store.team.members.get('tm_2')?.permissions).toEqual({ editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: false });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Jamie Smith' }), 'Viewer');
    expect(screen.getByRole('checkbox', { name: 'Manage team for Jamie Smith' })).not.toBeChecked();
  });

  it('removes a member only after the confirmation', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Team />);
    await user.click(await screen.findByRole('button', { name: 'Remove Taylor Reed' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove team member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(store.team.members.get('tm_3')).toBeUndefined();
    expect(screen.queryByText('Taylor Reed')).not.toBeInTheDocument();
    expect((await screen.findAllByText('Team member removed')).length).toBeGreaterThan(0);
  });

  it('disables every change for a member without manageTeam, with the reason', async () => {
    const { store } = await renderScreen(<Team />);
    store.session.signIn('tm_2');
    const invite = await screen.findByRole('button', { name: 'Invite Member' });
    await screen.findByText('Taylor Reed');
    expect(invite).toBeDisabled();
    expect(invite).toHaveAttribute('title', 'You do not have permission to manage the team');
    expect(screen.getByRole('combobox', { name: 'Role of Taylor Reed' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Send outreach for Taylor Reed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Taylor Reed' })).toBeDisabled();
  });

  it('flags follow the role: an Admin always manages the team, a Viewer holds no flag that changes anything', async () => {
    await renderScreen(<Team />);
    const adminBox = await screen.findByRole('checkbox', { name: 'Manage team for Alex Morgan' });
    expect(adminBox).toBeChecked();
    expect(adminBox).toBeDisabled();
    expect(adminBox).toHaveAttribute('title', 'Admins always manage the team');
    const viewerBox = screen.getByRole('checkbox', { name: 'Manage team for Taylor Reed' });
    expect(viewerBox).not.toBeChecked();
    expect(viewerBox).toBeDisabled();
    expect(viewerBox).toHaveAttribute('title', 'Viewers cannot manage the team');
    expect(screen.getByRole('checkbox', { name: 'Send outreach for Taylor Reed' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'View analytics for Taylor Reed' })).toBeEnabled();
  });

  it('says what a permission change means, without internal names', async () => {
    const user = userEvent.setup();
    await renderScreen(<Team />);
    await user.click(await screen.findByRole('checkbox', { name: 'Manage team for Jamie Smith' }));
    expect((await screen.findAllByText('Jamie Smith can now manage the team')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('checkbox', { name: 'Manage team for Jamie Smith' }));
    expect((await screen.findAllByText('Jamie Smith can no longer manage the team')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/manageTeam/)).not.toBeInTheDocument();
  });

  it('the only member who can manage the team cannot demote or remove themselves, with the reason', async () => {
    await renderScreen(<Team />);
    const role = await screen.findByRole('combobox', { name: 'Role of Alex Morgan' });
    expect(role).toBeDisabled();
    expect(role).toHaveAttribute('title', 'The team needs at least one active member who can manage the team');
    expect(screen.getByRole('button', { name: 'Remove Alex Morgan' })).toHaveAttribute('title', 'The team needs at least one active member who can manage the team');
  });

  it('demoting yourself asks first; Cancel keeps your role', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Team />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Jamie Smith' }), 'Admin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Alex Morgan' }), 'Editor');
    const dialog = screen.getByRole('dialog', { name: 'Change your own role?' });
    expect(dialog).toHaveTextContent('you can no longer manage the team');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.team.members.get('tm_1')?.role).toBe('Admin');
    expect(screen.getByRole('combobox', { name: 'Role of Alex Morgan' })).toHaveValue('Admin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Alex Morgan' }), 'Editor');
    await user.click(within(screen.getByRole('dialog', { name: 'Change your own role?' })).getByRole('button', { name: 'Make me Editor' }));
    expect(store.team.members.get('tm_1')).toMatchObject({ role: 'Editor', permissions: { manageTeam: false } });
  });
});
