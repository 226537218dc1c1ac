// A Viewer is told in one plain line that the workspace is read-only for their role, and no
// control of theirs starts a write: file inputs included, on every screen that has one.
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../lib/i18n';
import { CreatorDetail } from '../../widgets/creator';
import { DataExport } from '../../widgets/data-export';
import { DataImport } from '../../widgets/data-import';
import { FunnelDashboard } from '../../widgets/funnel-board';
import { Inventory } from '../../widgets/inventory';
import { Orders } from '../../widgets/orders';
import { Calendar } from '../../widgets/calendar';
import { ProfileSettings, Settings } from '../../widgets/settings';
import { Team } from '../../widgets/team';
import { Integrations } from '../../widgets/integrations';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

const VIEWER = 'tm_3';
const LINE = 'View only: as a Viewer you can see this workspace, but your role cannot change it.';

/** Each screen, and how many file inputs it has (so the check below cannot pass on none). */
const SCREENS: [string, () => ReactElement, number][] = [
  ['Funnel Dashboard', () => <FunnelDashboard />, 1],
  ['Creator', () => <CreatorDetail creatorId="CR12345" />, 0],
  ['Orders', () => <Orders />, 0],
  ['Inventory', () => <Inventory />, 1],
  ['Calendar', () => <Calendar />, 0],
  ['Import Data', () => <DataImport />, 1],
  ['Export Data', () => <DataExport />, 0],
  ['Settings', () => <Settings />, 0],
  ['Profile', () => <ProfileSettings />, 0],
  ['Team', () => <Team />, 0],
  ['Integrations', () => <Integrations />, 0],
];

async function renderAsViewer(ui: ReactElement) {
  const rendered = await renderScreen(ui);
  act(() => rendered.store.session.signIn(VIEWER));
  return rendered;
}

describe('a Viewer', () => {
  it.each(SCREENS)('%s says once, in plain text, that the workspace is read-only for their role; its file inputs are off', async (_name, ui, fileInputs) => {
    const { container } = await renderAsViewer(ui());
    expect(await screen.findAllByText(LINE)).toHaveLength(1);
    const inputs = container.querySelectorAll<HTMLInputElement>('input[type="file"]');
    expect(inputs).toHaveLength(fileInputs);
    for (const input of inputs) expect(input).toBeDisabled();
  });

  it('the Inventory import: its button and its file input are both off', async () => {
    await renderAsViewer(<Inventory />);
    expect(await screen.findByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByLabelText('Import inventory CSV file', { selector: 'input' })).toBeDisabled();
  });

  it('reads the line in the screen’s language', async () => {
    await loadLanguage('es');
    await renderAsViewer(
      <LanguageProvider lang="es">
        <Inventory />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Solo lectura: como lector puedes ver este espacio de trabajo, pero tu rol no puede modificarlo.')).toBeInTheDocument();
  });

  it('an Editor sees no such line, and the file input is on', async () => {
    const { container } = await renderScreen(<Inventory />);
    act(() => void 0);
    await screen.findByRole('button', { name: 'Import' });
    expect(screen.queryByText(LINE)).not.toBeInTheDocument();
    expect(container.querySelector('input[type="file"]')).toBeEnabled();
  });
});
