// Nothing left in English: the Developer area, without and with a team server.
// The check itself (what counts as English, data and shared words) is in tests/helpers/untranslated.tsx.
import { act, screen } from '@testing-library/react';
import { configureDeveloperClient } from '../../lib/developer/client';
import { Developer } from '../../widgets/developer';
import { expectNothingLeftInEnglish, fakeDeveloperServer } from '../helpers/untranslated';

expectNothingLeftInEnglish([
  { name: 'Developer (API Reference)', ui: () => <Developer /> },
  {
    name: 'Developer (Webhooks, a payload open)',
    ui: () => <Developer />,
    open: async () => {
      await act(async () => screen.getAllByRole('tab')[1].click());
      const view = await screen.findAllByRole('button', { name: /^(View payload|Ver la carga útil|Voir le contenu) / });
      await act(async () => view[0].click());
    },
  },
  { name: 'Developer (SDK Examples)', ui: () => <Developer />, open: async () => act(async () => screen.getAllByRole('tab')[2].click()) },
  {
    name: 'Developer with a team server (keys, Webhooks)',
    ui: () => {
      configureDeveloperClient(fakeDeveloperServer());
      return <Developer />;
    },
    open: async () => {
      await screen.findAllByRole('cell', { name: '—' });
      await act(async () => screen.getAllByRole('tab')[1].click());
      await screen.findAllByRole('button', { name: /^(View payload|Ver la carga útil|Voir le contenu) / });
    },
  },
  {
    name: 'Developer with a team server (a new key shown once)',
    ui: () => {
      configureDeveloperClient(fakeDeveloperServer());
      return <Developer />;
    },
    open: async () => {
      await screen.findAllByRole('cell', { name: '—' });
      await act(async () => screen.getByRole('button', { name: /^(Create API Key|Crear clave de API|Créer une clé d’API)$/ }).click());
      await screen.findByRole('dialog');
    },
  },
]);
