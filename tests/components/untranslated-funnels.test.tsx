// Nothing left in English: the funnel board, the Funnel Dashboard and the Dashboard.
// The check itself (what counts as English, data and shared words) is in tests/helpers/untranslated.tsx.
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { DashboardOverview, FunnelBoard, FunnelDashboard } from '../../widgets/funnel-board';
import { expectNothingLeftInEnglish } from '../helpers/untranslated';

expectNothingLeftInEnglish([
  {
    name: 'Funnel board (a card expanded, its step being edited, filters open and chosen)',
    ui: () => <FunnelBoard />,
    open: async () => {
      const [expand] = await screen.findAllByRole('button', { name: /^(Expand|Desplegar|Déplier) / });
      await act(async () => expand.click());
      await act(async () => screen.getAllByRole('button', { name: /^(Edit step|Editar el paso|Modifier l’étape) / })[0].click());
      await act(async () => screen.getByRole('button', { name: /^(Filters|Filtros|Filtres)$/ }).click());
      for (const group of screen.getAllByRole('group')[0].querySelectorAll('fieldset')) await act(async () => group.querySelector('input')!.click());
    },
  },
  { name: 'Funnel board (nothing found)', ui: () => <FunnelBoard defaultSearch="no such creator anywhere" /> },
  { name: 'Funnel board (an unknown funnel)', ui: () => <FunnelBoard funnelId="CR00000" />, fewTexts: true },
  {
    name: 'New Funnel (the first step refused)',
    ui: () => <FunnelBoard />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(New Funnel|Nuevo embudo|Nouveau funnel)$/ }).click());
      await act(async () => screen.getByRole('button', { name: /^(Next|Siguiente|Suivant)$/ }).click());
      await waitFor(() => expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull());
    },
  },
  { name: 'Funnel Dashboard (widgets; top creators, video only)', ui: () => <FunnelDashboard filter="top_creators" contentType="video" /> },
  { name: 'Dashboard (a KPI filter, a creator expanded)', ui: () => <DashboardOverview filter="engagement_top10" creator="@emmadavisfit" expand /> },
]);
