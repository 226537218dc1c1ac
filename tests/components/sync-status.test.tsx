import { signal } from '@preact/signals-core';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncStatus } from '../../host/SyncStatus';
import type { SyncStatus as Status, SyncStorage } from '../../lib/storage/sync';
import { renderScreen } from '../helpers/render';

/** A sync storage that holds nothing: only its status signal matters here. */
function fakeSync(): SyncStorage {
  return { kind: 'sync', status: signal<Status>({ state: 'saved', pending: 0 }), load: async () => [], write: async () => {}, sync: async () => {} };
}

describe('the sync status line', () => {
  it('says, quietly, whether changes are saved, saving, waiting offline (counted) or refused, and a refusal also shows as a toast', async () => {
    const storage = fakeSync();
    const status = storage.status as ReturnType<typeof signal<Status>>;
    // The page's toaster is mounted for every component test (setup.ts).
    await renderScreen(<SyncStatus />, { storage });
    const line = () => screen.getAllByRole('status').find((el) => el.classList.contains('cf-sync-status'));
    expect(line()).toHaveTextContent(/^All changes saved$/);
    act(() => void (status.value = { state: 'saving', pending: 2 }));
    expect(line()).toHaveTextContent(/^Saving…$/);
    act(() => void (status.value = { state: 'offline', pending: 3 }));
    expect(line()).toHaveTextContent(/^Offline — 3 changes will sync$/);
    act(() => void (status.value = { state: 'offline', pending: 1 }));
    expect(line()).toHaveTextContent(/^Offline — 1 change will sync$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => void (status.value = { state: 'error', pending: 0, message: 'Insufficient inventory for this order' }));
    expect(line()).toHaveTextContent(/^Couldn't save: Insufficient inventory for this order$/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient inventory for this order');
  });
});
