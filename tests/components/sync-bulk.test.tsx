// With a team server, an import's progress counts the rows the server confirmed, Cancel keeps
// what it took and says how much, and no toast calls a write successful before the server
// confirms it, or ever when the server refuses it.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parseCsv } from '../../lib/csv';
import { BULK } from '../../lib/domain/bulk';
import { DataImport } from '../../widgets/data-import';
import { Inventory } from '../../widgets/inventory';
import { fakeSync } from '../helpers/fake-sync';
import { FIXED_NOW, renderScreen } from '../helpers/render';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../widgets/ui/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

// Pages of BULK.pageRows (200) rows: 480 rows make three pages, 200, 200 and 80.
const ROWS = 480;
const csv = ['creator_handle,creator_name,platform', ...Array.from({ length: ROWS }, (_, i) => `@bulk_${i},Bulk Creator ${i},Instagram`)].join('\n');
const csvFile = () => new File([csv], 'creators.csv', { type: 'text/csv' });

async function startImport() {
  const sync = fakeSync(FIXED_NOW);
  const user = userEvent.setup();
  const rendered = await renderScreen(<DataImport />, { sync: sync.client });
  await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile());
  await user.click(await screen.findByRole('button', { name: 'Import 480 rows' }));
  return { sync, user, ...rendered };
}

/** Every page of the import is queued (one per task after the first). */
async function allQueued(sync: ReturnType<typeof fakeSync>) {
  await waitFor(() => expect(sync.waiting.value).toHaveLength(3));
}

describe('an import sent in pages', () => {
  it('counts the rows the server confirmed, and says imported only when it has them all', async () => {
    expect(BULK.pageRows).toBe(200);
    const { sync, store } = await startImport();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuemax', '480');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0 of 480 saved')).toBeInTheDocument();
    // Three pages, each its own mutation, queued one per task; the rows show on screen as they are.
    await waitFor(() => expect(sync.waiting.value).toHaveLength(3));
    expect(store.funnels.items.items.value.filter((f) => f.creatorHandle.startsWith('@bulk_'))).toHaveLength(ROWS);

    act(() => sync.confirm(1));
    expect(await screen.findByText('200 of 480 saved')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '200');
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();

    act(() => sync.confirm(1));
    expect(await screen.findByText('400 of 480 saved')).toBeInTheDocument();
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();

    act(() => sync.confirm());
    expect((await screen.findAllByText('Data imported successfully')).length).toBeGreaterThan(0);
    expect(screen.getByText('480 creators created, 0 updated.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '480');
    expect(screen.getByText('480 of 480 saved')).toBeInTheDocument();
  });

  it('Cancel discards the waiting pages, keeps what the server took and says how many rows were saved', async () => {
    const { sync, user } = await startImport();
    await allQueued(sync);
    act(() => sync.confirm(1));
    await user.click(await screen.findByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByText('Import cancelled: 200 of 480 rows saved.')).toBeInTheDocument();
    expect(sync.waiting.value).toEqual([]);
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '200');
  });

  it('says which rows the server refused, and never that the import succeeded', async () => {
    const { sync } = await startImport();
    await allQueued(sync);
    act(() => sync.confirm(1));
    act(() => sync.refuse('You may not import creators', 'forbidden'));
    act(() => sync.confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent('280 of 480 rows saved. The server refused 200 rows: You may not import creators');
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();
  });

  it('names the rows not saved, downloads them as a CSV the import reads again, and Retry sends only them', async () => {
    const { sync, user } = await startImport();
    await allQueued(sync);
    act(() => sync.confirm(1));
    act(() => sync.refuse('You may not import creators', 'forbidden'));
    act(() => sync.confirm());
    expect(await screen.findByText('200 rows were not saved: rows 201–400.')).toBeInTheDocument();

    downloads.length = 0;
    await user.click(screen.getByRole('button', { name: 'Download the rows not saved (CSV)' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe('creators-not-saved.csv');
    const parsed = parseCsv(downloads[0].text);
    expect(parsed.headers).toEqual(['creator_handle', 'creator_name', 'email', 'platform', 'followers', 'engagement_rate', 'category']);
    expect(parsed.rows).toHaveLength(200);
    expect(parsed.rows[0].slice(0, 2)).toEqual(['@bulk_200', 'Bulk Creator 200']);
    expect(parsed.rows.at(-1)?.slice(0, 2)).toEqual(['@bulk_399', 'Bulk Creator 399']);

    await user.click(screen.getByRole('button', { name: 'Retry the rows not saved' }));
    expect(await screen.findByText('0 of 200 saved')).toBeInTheDocument();
    expect(sync.waiting.value.map((m) => (m.args as { rows: unknown[] }).rows.length)).toEqual([200]);
    act(() => sync.confirm());
    expect(await screen.findByText('200 of 200 saved')).toBeInTheDocument();
    expect(screen.queryByText(/not saved/)).not.toBeInTheDocument();
  });

  it('after Cancel names the rows not sent, with Retry and the download', async () => {
    const { sync, user } = await startImport();
    await allQueued(sync);
    act(() => sync.confirm(1));
    await user.click(await screen.findByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByText('280 rows were not saved: rows 201–480.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry the rows not saved' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the rows not saved (CSV)' })).toBeInTheDocument();
  });
});

describe('success toasts wait for the server', () => {
  async function setQuantity(value: string) {
    const sync = fakeSync(FIXED_NOW);
    const user = userEvent.setup();
    const rendered = await renderScreen(<Inventory />, { sync: sync.client });
    await user.click(await screen.findByRole('button', { name: 'Edit quantity of Phone Case' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity of Phone Case' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity of Phone Case' }), `${value}{Enter}`);
    return { sync, ...rendered };
  }

  it('says "Quantity updated successfully" once the server confirms it, not before', async () => {
    const { sync, store } = await setQuantity('7');
    expect(store.inventory.items.get('inv_3')?.quantity).toBe(7);
    expect(screen.queryByText('Quantity updated successfully')).not.toBeInTheDocument();
    act(() => sync.confirm());
    expect(await screen.findByText('Quantity updated successfully')).toBeInTheDocument();
  });

  it('a write the server refuses never shows "successfully": its reason replaces it', async () => {
    const { sync } = await setQuantity('9');
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();
    act(() => sync.refuse('You were removed from this workspace'));
    expect(await screen.findByText("Couldn't save: You were removed from this workspace")).toBeInTheDocument();
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();
  });
});

describe('a large import keeps a few pages in the queue', () => {
  const BIG = 1200;
  const bigCsv = ['creator_handle,creator_name,platform', ...Array.from({ length: BIG }, (_, i) => `@win_${i},Window Creator ${i},Instagram`)].join('\n');
  const indexOf = (args: unknown) => (args as { part: { index: number } }).part.index;

  async function startBig(sync: ReturnType<typeof fakeSync>) {
    const user = userEvent.setup();
    const rendered = await renderScreen(<DataImport />, { sync: sync.client });
    await user.upload(await screen.findByLabelText('Choose a CSV file'), new File([bigCsv], 'creators.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1,200 rows' }));
    // Six pages: four in the queue, the other two kept aside until the server takes the first ones.
    await waitFor(() => expect(sync.waiting.value.map((m) => indexOf(m.args))).toEqual([0, 1, 2, 3]));
    expect(sync.staged.value.map((p) => indexOf(p.args))).toEqual([4, 5]);
    return { user, ...rendered };
  }

  it('queues four pages at a time, moves the next in as one is confirmed, and Cancel discards the rest', async () => {
    const sync = fakeSync(FIXED_NOW);
    const { user } = await startBig(sync);
    act(() => sync.confirm(1));
    expect(await screen.findByText('200 of 1,200 saved')).toBeInTheDocument();
    expect(sync.waiting.value.map((m) => indexOf(m.args))).toEqual([1, 2, 3, 4]);
    expect(sync.staged.value.map((p) => indexOf(p.args))).toEqual([5]);

    await user.click(screen.getByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByText('Import cancelled: 200 of 1,200 rows saved.')).toBeInTheDocument();
    expect(sync.waiting.value).toEqual([]);
    expect(sync.staged.value).toEqual([]);
  });

  it('after a reload the pages left are sent once each, and the import ends with every row saved', async () => {
    const sync = fakeSync(FIXED_NOW);
    const sent: number[] = [];
    const seen = new Set<string>();
    const stop = sync.waiting.subscribe((waiting) => {
      for (const m of waiting) {
        if (seen.has(m.key)) continue;
        seen.add(m.key);
        sent.push(indexOf(m.args));
      }
    });
    const first = await startBig(sync);
    act(() => sync.confirm(1));
    await waitFor(() => expect(sync.staged.value).toHaveLength(1));
    // The tab closes with four pages queued and one kept aside; a new one opens on the same cache.
    first.unmount();
    first.store.dispose();
    await renderScreen(<DataImport />, { sync: sync.client });
    // It counts the whole file: the page the server took before the reload is saved.
    expect(await screen.findByText('200 of 1,200 saved')).toBeInTheDocument();
    expect(screen.getByText('An import from your last visit is still being saved.')).toBeInTheDocument();
    act(() => sync.confirm());
    expect(await screen.findByText('1,000 of 1,200 saved')).toBeInTheDocument();
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();
    await waitFor(() => expect(sync.waiting.value.map((m) => indexOf(m.args))).toEqual([5]));
    act(() => sync.confirm());
    expect(await screen.findByText('1,200 of 1,200 saved')).toBeInTheDocument();
    expect((await screen.findAllByText('Data imported successfully')).length).toBeGreaterThan(0);
    expect(sync.staged.value).toEqual([]);
    expect(sent).toEqual([0, 1, 2, 3, 4, 5]);
    stop();
  });
});
