import { signal } from '@preact/signals-core';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncStatus } from '../../host/SyncStatus';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { SettledMutation, StagedPage, StoreSyncClient, SyncStatus as Status, WaitingMutation } from '../../lib/sync/types';
import { createTeamApi } from '../../lib/sync/team-api';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

/** A sync client that holds nothing: its status, and the outcomes the test announces. */
function fakeSync() {
  const status = signal<Status>({ state: 'saved', pending: 0 });
  const listeners = new Set<(m: SettledMutation) => void>();
  const client: StoreSyncClient = {
    storage: createMemoryStorage(),
    status,
    waiting: signal<readonly WaitingMutation[]>([]),
    teamApi: createTeamApi({ fetch: () => Promise.reject(new TypeError('no network in this test')) }),
    connect: () => {},
    onSettled: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    discard: async () => {},
    staged: signal<readonly StagedPage[]>([]),
    stage: async () => {},
    unstage: async () => {},
    sync: async () => {},
    signOut: async () => ({ ended: true }),
    close: () => {},
  };
  const settle = (m: Omit<SettledMutation, 'key' | 'name' | 'args' | 'meta'>) =>
    act(() => listeners.forEach((l) => l({ key: 'c:1', name: 'inventory.setQuantity', args: {}, meta: { now: '', idSeed: '' }, ...m })));
  return { client, status, settle };
}

async function renderIn(lang: LanguageCode) {
  await loadLanguage(lang);
  const sync = fakeSync();
  // The page's toaster is mounted for every component test (setup.ts).
  await renderScreen(
    <LanguageProvider lang={lang}>
      <SyncStatus />
    </LanguageProvider>,
    { sync: sync.client },
  );
  const line = () => screen.getAllByRole('status').find((el) => el.classList.contains('cf-sync-status'));
  const show = (next: Status) => act(() => void (sync.status.value = next));
  return { ...sync, line, show };
}

describe('the sync status line', () => {
  it('says each state of the sync in English, with its count in singular and plural', async () => {
    const { line, show } = await renderIn('en-US');
    expect(line()).toHaveTextContent(/^All changes saved$/);
    expect(line()).toHaveAttribute('data-state', 'saved');
    const cases: [Status, RegExp][] = [
      [{ state: 'loading', pending: 0 }, /^Loading the workspace…$/],
      [{ state: 'loading', pending: 2 }, /^Loading the workspace — 2 changes waiting$/],
      [{ state: 'saving', pending: 1 }, /^Saving 1 change…$/],
      [{ state: 'saving', pending: 2 }, /^Saving 2 changes…$/],
      [{ state: 'offline', pending: 1 }, /^Offline — 1 change will sync$/],
      [{ state: 'offline', pending: 3 }, /^Offline — 3 changes will sync$/],
      [{ state: 'offline', pending: 0 }, /^Offline — changes will sync$/],
      [{ state: 'unreachable', pending: 1 }, /^Can't reach the server — 1 change waiting$/],
      [{ state: 'unreachable', pending: 4 }, /^Can't reach the server — 4 changes waiting$/],
      [{ state: 'unreachable', pending: 0 }, /^Can't reach the server$/],
      [{ state: 'signed-out', pending: 1 }, /^Signed out — sign in to save 1 change$/],
      [{ state: 'signed-out', pending: 2 }, /^Signed out — sign in to save 2 changes$/],
      [{ state: 'removed', pending: 0 }, /^You were removed from this workspace$/],
      [{ state: 'saved', pending: 0 }, /^All changes saved$/],
    ];
    for (const [status, text] of cases) {
      show(status);
      expect(line()).toHaveTextContent(text);
      expect(line()).toHaveAttribute('data-state', status.state);
    }
  });

  it('says each state in Spanish', async () => {
    const es = await renderIn('es');
    es.show({ state: 'saving', pending: 2 });
    expect(es.line()).toHaveTextContent(/^Guardando 2 cambios…$/);
    es.show({ state: 'unreachable', pending: 1 });
    expect(es.line()).toHaveTextContent(/^No se puede conectar con el servidor: 1 cambio en espera$/);
    es.show({ state: 'signed-out', pending: 3 });
    expect(es.line()).toHaveTextContent(/^Sesión cerrada: inicia sesión para guardar 3 cambios$/);
    es.show({ state: 'removed', pending: 0 });
    expect(es.line()).toHaveTextContent(/^Te han quitado de este espacio de trabajo$/);
  });

  it('says each state in French', async () => {
    const fr = await renderIn('fr');
    fr.show({ state: 'saving', pending: 1 });
    expect(fr.line()).toHaveTextContent(/^Enregistrement de 1 modification…$/);
    fr.show({ state: 'offline', pending: 2 });
    expect(fr.line()).toHaveTextContent(/^Hors ligne : 2 modifications seront synchronisées$/);
    fr.show({ state: 'unreachable', pending: 2 });
    expect(fr.line()).toHaveTextContent(/^Serveur injoignable : 2 modifications en attente$/);
    fr.show({ state: 'signed-out', pending: 1 });
    expect(fr.line()).toHaveTextContent(/^Déconnecté : connectez-vous pour enregistrer 1 modification$/);
    fr.show({ state: 'removed', pending: 0 });
    expect(fr.line()).toHaveTextContent(/^Vous avez été retiré de cet espace de travail$/);
  });

  it('says why a refused change was refused in a toast, and nothing for a confirmed or discarded one', async () => {
    const { settle } = await renderIn('en-US');
    settle({ state: 'confirmed' });
    settle({ state: 'refused', code: 'discarded' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    settle({ state: 'refused', message: 'Insufficient inventory for this order', status: 409 });
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't save: Insufficient inventory for this order");
  });

  it('says a coded refusal in the screen language (a change too large, in French)', async () => {
    const { settle } = await renderIn('fr');
    settle({ state: 'refused', code: 'changeTooLarge', message: 'This change is too large to save', status: 413 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Enregistrement impossible : Cette modification est trop volumineuse pour être enregistrée');
  });
});
