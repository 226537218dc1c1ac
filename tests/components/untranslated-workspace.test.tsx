// Nothing left in English: the workspace's own screens (settings, notifications, help, calendar, team, activity, billing, integrations, import and export, analytics, onboarding).
// The check itself (what counts as English, data and shared words) is in tests/helpers/untranslated.tsx.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActivityLog } from '../../widgets/activity';
import { Analytics } from '../../widgets/analytics';
import { Billing } from '../../widgets/billing';
import { Calendar } from '../../widgets/calendar';
import { DataExport } from '../../widgets/data-export';
import { DataImport } from '../../widgets/data-import';
import { HelpCenter } from '../../widgets/help';
import { Integrations } from '../../widgets/integrations';
import { Notifications } from '../../widgets/notifications';
import { Onboarding } from '../../widgets/onboarding';
import { ProfileSettings, Settings } from '../../widgets/settings';
import { Team } from '../../widgets/team';
import { expectNothingLeftInEnglish, IMPORT_FILE } from '../helpers/untranslated';

expectNothingLeftInEnglish([
  { name: 'Settings (General Settings)', ui: () => <Settings /> },
  { name: 'Profile', ui: () => <ProfileSettings /> },
  { name: 'Notifications', ui: () => <Notifications /> },
  // Its questions and tutorials are sample content kept in English, with a note saying so.
  { name: 'Help Center', ui: () => <HelpCenter /> },
  {
    name: 'Calendar (with Add Event open)',
    ui: () => <Calendar />,
    open: async () => {
      await screen.findByRole('button', { name: /^(Today|Hoy|Aujourd’hui)$/ });
      const add = screen.getAllByRole('button').find((button) => button.closest('.cf-row'))!;
      await act(async () => add.click());
    },
  },
  {
    name: 'Export Data (a type chosen)',
    ui: () => <DataExport />,
    open: async () => {
      const type = screen.getAllByRole('button', { pressed: false })[0];
      await act(async () => type.click());
    },
  },
  { name: 'Team', ui: () => <Team /> },
  {
    name: 'Activity log (filters open)',
    ui: () => <ActivityLog />,
    open: async () => {
      const filters = await screen.findByRole('button', { name: /^(Filters|Filtros|Filtres)$/ });
      await act(async () => filters.click());
    },
  },
  { name: 'Billing', ui: () => <Billing /> },
  { name: 'Integrations', ui: () => <Integrations /> },
  {
    name: 'Import Data (a file chosen, one row refused)',
    ui: () => <DataImport />,
    open: async () => {
      // The file's own headers are the CSV's column names (code, like the allowlisted fields); its cells are sample data.
      const csv = new File(['creator_handle,creator_name\n@sarahjstyle,Sarah Johnson\n,Mike Chen\n'], IMPORT_FILE, { type: 'text/csv' });
      await userEvent.setup().upload(document.querySelector<HTMLInputElement>('#cf-import-file')!, csv);
      await screen.findByRole('table');
    },
  },
  { name: 'Analytics', ui: () => <Analytics /> },
  { name: 'Onboarding', ui: () => <Onboarding /> },
  {
    name: 'Team (Invite Member open, an empty address refused)',
    ui: () => <Team />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Invite Member|Invitar a un miembro|Inviter un membre)$/ }).click());
      await act(async () => screen.getByRole('dialog').querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
      await screen.findByRole('alert');
    },
  },
  {
    name: 'Settings (an empty company name refused)',
    ui: () => <Settings />,
    open: async () => {
      const user = userEvent.setup();
      await user.clear(screen.getAllByRole('textbox')[0]);
      await act(async () => document.querySelector<HTMLButtonElement>('form button[type="submit"]')!.click());
      await screen.findAllByRole('alert');
    },
  },
]);
