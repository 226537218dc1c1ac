import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCsv } from '../../lib/csv';
import { DataExport } from '../../widgets/data-export';
import { renderScreen } from '../helpers/render';
import { readZip } from '../helpers/unzip';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
const zips = vi.hoisted(() => [] as { name: string; bytes: Uint8Array }[]);
vi.mock('../../widgets/ui/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
  downloadBytes: (name: string, bytes: Uint8Array) => zips.push({ name, bytes }),
}));

describe('<DataExport>', () => {
  beforeEach(() => {
    downloads.length = 0;
    zips.length = 0;
  });

  it('shows the three export types in a grid', async () => {
    await renderScreen(<DataExport />);
    const grid = await screen.findByRole('list', { name: 'Export types' });
    expect(within(grid).getAllByRole('button').map((b) => b.querySelector('.cf-export-name')?.textContent)).toEqual(['Creators', 'Funnels', 'Analytics']);
    expect(screen.queryByRole('heading', { name: 'Configure Export' })).not.toBeInTheDocument();
  });

  it('counts the selected fields and disables Download CSV at zero', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataExport />);
    await user.click(await screen.findByRole('button', { name: /^Funnels/ }));
    expect(screen.getByRole('heading', { name: 'Configure Export' })).toBeInTheDocument();
    expect(screen.getByText('8 fields selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0 fields selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Funnel ID' }));
    expect(screen.getByText('1 field selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('refuses a start date after the end date', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataExport />);
    await user.click(await screen.findByRole('button', { name: /^Creators/ }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-04-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('downloads export-{type}-{yyyy-MM-dd}.csv with the real rows in the date range', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataExport />);
    await user.click(await screen.findByRole('button', { name: /^Funnels/ }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-02-20' } });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await screen.findByRole('button', { name: 'Download CSV' });
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('export-funnels-2026-03-10.csv');
    const parsed = parseCsv(downloads[0].text);
    expect(parsed.headers).toEqual(['Funnel ID', 'Creator', 'Status', 'Start Date', 'End Date', 'Estimated Conversion Rate', 'Campaign Value', 'Estimated ROI']);
    expect(parsed.rows.map((r) => r[0])).toEqual(['CR12346', 'CR12348']);
  });

  it('offers the whole workspace as a ZIP of one CSV per export type, with every field and date', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataExport />);
    await user.click(await screen.findByRole('button', { name: 'Download all (ZIP)' }));
    await vi.waitFor(() => expect(zips).toHaveLength(1));
    expect(zips[0].name).toBe('export-workspace-2026-03-10.zip');
    const files = readZip(zips[0].bytes);
    expect(files.map((f) => f.name)).toEqual(['export-creators-2026-03-10.csv', 'export-funnels-2026-03-10.csv', 'export-analytics-2026-03-10.csv']);
    const funnels = parseCsv(files[1].text);
    expect(funnels.headers).toEqual(['Funnel ID', 'Creator', 'Status', 'Start Date', 'End Date', 'Estimated Conversion Rate', 'Campaign Value', 'Estimated ROI']);
    // Every date: more funnels than the range-limited download above.
    expect(funnels.rows.map((r) => r[0])).toEqual(expect.arrayContaining(['CR12346', 'CR12348']));
    expect(funnels.rows.length).toBeGreaterThan(2);
    expect(await screen.findByText('Exported 3 CSV files to export-workspace-2026-03-10.zip')).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });
});
