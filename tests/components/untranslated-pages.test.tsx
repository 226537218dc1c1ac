// Nothing left in English: the host's own pages and the pages before sign-in.
// The check itself (what counts as English, data and shared words) is in tests/helpers/untranslated.tsx.
import { MemoryRouter } from 'react-router-dom';
import { screen } from '@testing-library/react';
import { DocsApi, DocsDashboard, Maintenance, NotFound, Privacy, Support, Terms } from '../../host/pages';
import { SignIn } from '../../host/pages/Auth';
import { expectNothingLeftInEnglish, onTeamServer } from '../helpers/untranslated';

expectNothingLeftInEnglish([
  { name: 'Not found (404)', ui: () => <NotFound /> },
  { name: 'Maintenance', ui: () => <Maintenance /> },
  { name: 'Support', ui: () => <Support /> },
  // Their long text stays English, marked lang="en", under a note in the chosen language.
  { name: 'Terms of Service', ui: () => <Terms />, fewTexts: true },
  { name: 'Privacy Policy', ui: () => <Privacy />, fewTexts: true },
  { name: 'Dashboard guide', ui: () => <DocsDashboard />, fewTexts: true },
  { name: 'API reference', ui: () => <DocsApi />, fewTexts: true },
  { name: 'Sign in', ui: () => onTeamServer('/signin') },
  {
    name: 'Accept invitation',
    ui: () => onTeamServer('/invite/tok123', { email: 'olivia.brown@example.com', role: 'Editor', workspaceName: 'Creatorflow Demo Co.' }),
    open: async () => {
      await screen.findByRole('button', { name: /^(Accept invitation|Aceptar la invitación|Accepter l’invitation)$/ });
    },
  },
  {
    name: 'Set up Creatorflow',
    ui: () => onTeamServer('/setup?token=tok123', { email: 'olivia.brown@example.com', name: 'Olivia Brown', workspaceName: 'Creatorflow Demo Co.' }),
    open: async () => {
      await screen.findByRole('button', { name: /^(Save password and sign in|Guardar la contraseña e iniciar sesión|Enregistrer le mot de passe et se connecter)$/ });
    },
  },
  { name: 'No team server (sign in without a server)', ui: () => <MemoryRouter initialEntries={['/signin']}><SignIn /></MemoryRouter> },
]);
