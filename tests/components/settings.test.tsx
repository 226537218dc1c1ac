import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProfileSettings, Settings } from '../../widgets/settings';
import { signal } from '@preact/signals-core';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createTeamApi, type TeamApi } from '../../lib/sync/team-api';
import { renderScreen } from '../helpers/render';

/** As with a team server: the member's own language (a team API), and the choices sent to the server. */
function teamServerStorage() {
  const own = signal<LanguageCode | null>(null);
  const chosen: string[] = [];
  const teamApi: TeamApi = {
    ...createTeamApi({ fetch: () => Promise.reject(new TypeError('no network in this test')) }),
    memberLanguage: {
      value: own,
      async choose(language: LanguageCode) {
        chosen.push(language);
        own.value = language;
        return { ok: true as const };
      },
    },
  };
  return { options: { storage: createMemoryStorage(), teamApi }, chosen };
}

describe('<Settings>', () => {
  it('shows Back and the ten tabs, General Settings by default', async () => {
    await renderScreen(<Settings />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'General Settings',
      'User Profile',
      'Team Settings',
      'Notifications',
      'Billing & Subscription',
      'Integrations',
      'Developer Portal',
      'Activity Log',
      'Import Data',
      'Export Data',
    ]);
    expect(screen.getByRole('tab', { name: 'General Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: 'Settings' })).toHaveAttribute('aria-orientation', 'vertical');
    expect(screen.getByRole('button', { name: '← Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveAttribute('placeholder', 'Your Company Name');
    expect(within(screen.getByLabelText('Time Zone')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pacific Time (PT)', 'Eastern Time (ET)', 'UTC']);
    // Each language is named in its own words, marked with its language for screen readers.
    const languages = within(screen.getByLabelText('Language')).getAllByRole('option');
    expect(languages.map((o) => o.textContent)).toEqual(['English', 'Español', 'Français']);
    expect(languages.map((o) => o.getAttribute('lang'))).toEqual(['en', 'es', 'fr']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('opens the tab named in the URL and reports tab changes to the host', async () => {
    const user = userEvent.setup();
    const onTabChange = vi.fn();
    await renderScreen(<Settings tab="team" onTabChange={onTabChange} />);
    expect(await screen.findByRole('tab', { name: 'Team Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Team Members' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Export Data' }));
    expect(onTabChange).toHaveBeenCalledWith('export');
  });

  it('without a tab from its host, starts at defaultTab and switches on its own', async () => {
    const user = userEvent.setup();
    await renderScreen(<Settings defaultTab="billing" />);
    expect(await screen.findByRole('tab', { name: 'Billing & Subscription' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Team Settings' }));
    expect(screen.getByRole('tab', { name: 'Team Settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Save Changes saves the settings', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Settings />);
    const name = await screen.findByLabelText('Company Name');
    await user.clear(name);
    await user.type(name, 'Acme Creators');
    await user.selectOptions(screen.getByLabelText('Time Zone'), 'Eastern Time (ET)');
    await user.selectOptions(screen.getByLabelText('Language'), 'Français');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(store.admin.settings.value.value).toEqual({ companyName: 'Acme Creators', timeZone: 'America/New_York', language: 'fr' });
  });

  it("with a team server, Language is the member's own choice and the workspace's stays", async () => {
    const user = userEvent.setup();
    const { options, chosen } = teamServerStorage();
    await loadLanguage('es');
    const { store } = await renderScreen(<Settings />, options);
    await user.selectOptions(await screen.findByLabelText('Language'), 'Español');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(chosen).toEqual(['es']);
    expect(store.admin.settings.value.value.language).toBe('en-US');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
  });

  it.each([
    ['a Viewer', 'tm_3'],
    ['an Editor without Manage Team', 'tm_2'],
  ])("with a team server, %s saves their own language; the workspace's fields stay locked", async (_who, memberId) => {
    const user = userEvent.setup();
    const { options, chosen } = teamServerStorage();
    await loadLanguage('fr');
    const { store } = await renderScreen(<Settings />, options);
    store.session.signIn(memberId);
    await waitFor(() => expect(screen.getByLabelText('Company Name')).toBeDisabled());
    expect(screen.getByLabelText('Time Zone')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Language'), 'Français');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(chosen).toEqual(['fr']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument();
    expect(screen.getByLabelText('Langue')).toHaveValue('fr');
    expect(store.admin.settings.value.value).toEqual({ companyName: 'Creatorflow Demo Co.', timeZone: expect.any(String), language: 'en-US' });
  });

  it('without a team server, a member without Manage Team cannot change the language either', async () => {
    const { store } = await renderScreen(<Settings />);
    store.session.signIn('tm_3');
    await waitFor(() => expect(screen.getByLabelText('Language')).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('refuses a blank company name and changes nothing', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Settings />);
    await user.clear(await screen.findByLabelText('Company Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Company Name')).toHaveAccessibleDescription('Please enter a company name');
    expect(store.admin.settings.value.value.companyName).toBe('Creatorflow Demo Co.');
  });

  it('resets the workspace only after the confirmation', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Settings />);
    store.inventory.addItem({ sku: 'GONE-1', name: 'Temporary' });
    await user.click(await screen.findByRole('button', { name: 'Reset workspace to sample data' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset workspace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.inventory.items.items.value.some((i) => i.sku === 'GONE-1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reset workspace to sample data' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Reset workspace?' })).getByRole('button', { name: 'Reset workspace' }));
    expect(store.inventory.items.items.value.some((i) => i.sku === 'GONE-1')).toBe(false);
  });

  it('disables General Settings for a member without manageTeam, with the reason', async () => {
    const { store } = await renderScreen(<Settings />);
    store.session.signIn('tm_2');
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('title', 'You do not have permission to manage the team');
    expect(screen.getByRole('note')).toHaveTextContent('You do not have permission to manage the team');
  });
});

describe('<ProfileSettings>', () => {
  it('has the fields and the four notification toggles with their defaults', async () => {
    await renderScreen(<ProfileSettings />);
    expect(await screen.findByLabelText('Full Name')).toHaveValue('Alex Morgan');
    expect(screen.getByLabelText('Email Address')).toHaveValue('alex.morgan@creatorflow.example');
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
    const state = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');
    expect(['Email Notifications', 'SMS Notifications', 'Slack Notifications', 'Browser Notifications'].map(state)).toEqual(['true', 'false', 'true', 'true']);
    expect(screen.getByRole('switch', { name: 'SMS Notifications' })).toHaveAttribute('title', 'SMS Notifications');
  });

  it("blocks the save when the new passwords do not match, with the spec's message", async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<ProfileSettings />);
    await user.clear(await screen.findByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Changed Name');
    await user.type(screen.getByLabelText('New Password'), 'one');
    await user.type(screen.getByLabelText('Confirm New Password'), 'two');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription('New passwords do not match');
    expect(store.admin.profile.value.value.name).toBe('Alex Morgan');
  });

  it('saves name and preferences, never the password, and clears the password fields', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<ProfileSettings />);
    await user.clear(await screen.findByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Alex M.');
    await user.click(screen.getByRole('switch', { name: 'SMS Notifications' }));
    await user.type(screen.getByLabelText('New Password'), 'secret-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(store.admin.profile.value.value).toMatchObject({ name: 'Alex M.', notifications: { email: true, sms: true, slack: true, browser: true } });
    expect(JSON.stringify(store.admin.profile.value.value)).not.toContain('secret-1');
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect((await screen.findAllByText('Profile updated successfully')).length).toBeGreaterThan(0);
  });
});

describe('unsaved changes', () => {
  it('General Settings: Back with unsaved edits asks first; Keep editing stays, Discard changes leaves', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<Settings />);
    await user.type(await screen.findByLabelText('Company Name'), ' Ltd');
    await user.click(screen.getByRole('button', { name: '← Back' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(visited).toEqual([]);
    expect(screen.getByLabelText('Company Name')).toHaveValue('Creatorflow Demo Co. Ltd');
    await user.click(screen.getByRole('button', { name: '← Back' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(visited).toEqual(['/']);
  });

  it('General Settings: switching tab with unsaved edits asks first; after saving it does not', async () => {
    const user = userEvent.setup();
    await renderScreen(<Settings />);
    // An edit that keeps the screen in English (a saved Language would translate the tabs).
    await user.selectOptions(await screen.findByLabelText('Time Zone'), 'Eastern Time (ET)');
    await user.click(screen.getByRole('tab', { name: 'User Profile' }));
    expect(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('tab', { name: 'General Settings' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(screen.getByRole('tab', { name: 'User Profile' }));
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'User Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Profile: leaving with unsaved edits asks first; an untouched form leaves at once', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<ProfileSettings />);
    await user.click(await screen.findByRole('button', { name: '← Back' }));
    expect(visited).toEqual(['/']);
    await user.click(screen.getByRole('switch', { name: 'SMS Notifications' }));
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).toHaveTextContent('If you leave now, they are lost.');
    expect(visited).toEqual(['/']);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(visited).toEqual(['/', '/']);
  });
});
