// What is owed to creators, exported from the Export Data screen for a period of months.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCsv } from '../../lib/csv';
import type { TeamApi } from '../../lib/sync/team-api';
import { DataExport } from '../../widgets/data-export';
import { renderScreen } from '../helpers/render';
import { sellWithCode } from '../helpers/sales';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../widgets/ui/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
  downloadBytes: () => undefined,
}));

const section = () => screen.getByRole('region', { name: 'What is owed to creators' });

describe('what is owed to creators', () => {
  beforeEach(() => {
    downloads.length = 0;
  });

  it('says Creatorflow never moves money, and exports each creator’s net sales, commission, flat fees, paid and balance for the period', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<DataExport />);
    sellWithCode(store, 'SARAHJSTYLE', 200, 'owed1');
    act(() => {
      expect(store.funnels.setCommissionTerms('CR12345', 10, 100).ok).toBe(true);
      expect(store.funnels.recordPayment('CR12345', { paidOn: '2026-02-15', amount: 60, reference: 'WIRE-1' }).ok).toBe(true);
    });
    expect(within(await screen.findByRole('region', { name: 'What is owed to creators' })).getByText(/Creatorflow never moves money/)).toBeInTheDocument();
    fireEvent.change(within(section()).getByLabelText('From month'), { target: { value: '2026-02' } });
    fireEvent.change(within(section()).getByLabelText('To month'), { target: { value: '2026-03' } });
    await user.click(within(section()).getByRole('button', { name: 'Download what is owed (CSV)' }));
    expect(await screen.findByText('Exported 2 creators to owed-to-creators-2026-02-to-2026-03.csv')).toBeInTheDocument();
    const csv = parseCsv(downloads[0].text);
    expect(csv.headers).toEqual(['Creator', 'Handle', 'Code', 'Net Sales', 'Commission', 'Flat Fees', 'Paid', 'Balance']);
    // Sarah's flat fee was earned in January (her start month), before the period; its balance carries into it.
    // The sample's Emma earned her fee in December and was paid half: nothing in the period, 250.00 still owed.
    // A cell a spreadsheet would run ("@...") is written formula-safe; the importer reads it back as typed.
    expect(downloads[0].text).toContain("Sarah Johnson,'@sarahjstyle,SARAHJSTYLE");
    expect(csv.rows).toEqual([
      ['Emma Davis', '@emmadavisfit', 'EMMADAVISFIT', '0.00', '0.00', '0.00', '0.00', '250.00'],
      ['Sarah Johnson', '@sarahjstyle', 'SARAHJSTYLE', '200.00', '20.00', '0.00', '60.00', '60.00'],
    ]);
  });

  it('with the team server, reads the sales by month from it (ten years up to the period’s end), not from orders in the browser', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const teamApi = {
      resultsMonths: async (from: string, to: string, funnelId?: string) => {
        asked.push(`${from}..${to}${funnelId ?? ''}`);
        return { ok: true, months: [{ funnelId: 'CR12345', month: '2026-03', orders: 3, netSales: 333.33 }] };
      },
    } as unknown as TeamApi;
    const { store } = await renderScreen(<DataExport />, { teamApi });
    act(() => void store.funnels.setCommissionTerms('CR12345', 12.5, null));
    fireEvent.change(within(await screen.findByRole('region', { name: 'What is owed to creators' })).getByLabelText('From month'), { target: { value: '2026-03' } });
    await user.click(within(section()).getByRole('button', { name: 'Download what is owed (CSV)' }));
    expect(await screen.findByText('Exported 2 creators to owed-to-creators-2026-03-to-2026-03.csv')).toBeInTheDocument();
    expect(asked).toEqual(['2016-04..2026-03']);
    // 12.5% of $333.33 = $41.66625, rounded once half up to the cent.
    expect(parseCsv(downloads[0].text).rows[1]).toEqual(['Sarah Johnson', '@sarahjstyle', 'SARAHJSTYLE', '333.33', '41.67', '0.00', '0.00', '41.67']);
  });

  it('says why when the server cannot give the sales, and downloads nothing', async () => {
    const user = userEvent.setup();
    const teamApi = { resultsMonths: async () => ({ ok: false, error: 'You do not have permission to view analytics' }) } as unknown as TeamApi;
    await renderScreen(<DataExport />, { teamApi });
    await user.click(within(await screen.findByRole('region', { name: 'What is owed to creators' })).getByRole('button', { name: 'Download what is owed (CSV)' }));
    expect(await screen.findByText('What is owed could not be exported: You do not have permission to view analytics')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('refuses a period whose first month is after its last', async () => {
    await renderScreen(<DataExport />);
    fireEvent.change(within(await screen.findByRole('region', { name: 'What is owed to creators' })).getByLabelText('From month'), { target: { value: '2026-05' } });
    fireEvent.change(within(section()).getByLabelText('To month'), { target: { value: '2026-04' } });
    expect(within(section()).getByRole('alert')).toHaveTextContent('The first month must not be after the last');
    expect(within(section()).getByRole('button', { name: 'Download what is owed (CSV)' })).toBeDisabled();
  });
});
