// Refusals that reach a screen through the team sync (Invite Member, the Profile's password, the
// member's own language, the sync status line) are said in the screen's language: a refusal with a
// known code from the catalog, the sync's own sentences from theirs, any other as the server words it.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signal } from '@preact/signals-core';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncStatus } from '../../host/SyncStatus';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { pack as es } from '../../lib/i18n/catalogs/es';
import { pack as fr } from '../../lib/i18n/catalogs/fr';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createSyncStorage, type SyncStatus as Status, type SyncStorage } from '../../lib/storage/sync';
import type { StorageAdapter } from '../../lib/storage/types';
import { GeneralSettingsPanel, ProfileView } from '../../widgets/settings';
import { Team } from '../../widgets/team';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { toast } from '../../widgets/ui/toast';
import { renderScreen } from '../helpers/render';

interface Answer {
  status: number;
  body: unknown;
}

/** A team server that answers each `METHOD path` from a list, in turn (the last answer repeats). */
function teamServer(answers: Record<string, Answer[]>) {
  const asked: string[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    const name = `${init?.method ?? 'GET'} ${path}`;
    asked.push(name);
    const list = answers[name] ?? [{ status: 404, body: { error: 'Not found', code: 'notFound' } }];
    const answer = list.length > 1 ? list.shift()! : list[0];
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  }) as typeof globalThis.fetch;
  const sync = createSyncStorage({ server: 'https://team.example', fetch, cache: createMemoryStorage() });
  return { sync, asked };
}

let opened: SyncStorage[] = [];
afterEach(() => {
  for (const sync of opened) sync.close?.();
  opened = [];
  act(() => toast.remove());
});

/** The sample workspace in memory, with the team calls of a sync storage (invite, password, own language). */
function workspaceWith(sync: SyncStorage, calls: (keyof StorageAdapter)[]): StorageAdapter {
  opened.push(sync);
  const storage: StorageAdapter = createMemoryStorage();
  for (const call of calls) Object.assign(storage, { [call]: sync[call] });
  return storage;
}

async function renderIn(lang: LanguageCode, ui: ReactElement, storage: StorageAdapter) {
  await loadLanguage(lang);
  return renderScreen(<LanguageProvider lang={lang}>{ui}</LanguageProvider>, { storage });
}

describe('refusals through the team sync, in the screen language', () => {
  it('Invite Member says a coded refusal and the ended session in Spanish, and an unknown refusal as the server words it', async () => {
    const { sync } = teamServer({
      'POST /team/invitations': [
        { status: 409, body: { error: 'casey@brand.example is already on the team', code: 'alreadyOnTeam', params: { email: 'casey@brand.example' }, field: 'email' } },
        { status: 401, body: { error: 'Sign in to continue', code: 'signInToContinue' } },
        { status: 422, body: { error: 'The invitation service is resting' } },
      ],
    });
    const user = userEvent.setup();
    await renderIn('es', <Team />, workspaceWith(sync, ['invite']));
    await user.click(await screen.findByRole('button', { name: es.messages['team.invite'] }));
    const dialog = screen.getByRole('dialog', { name: es.messages['team.invite'] });
    await user.type(within(dialog).getByLabelText(es.messages['team.email']), 'casey@brand.example');
    const send = () => user.click(within(dialog).getByRole('button', { name: es.messages['team.send'] }));
    await send();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^casey@brand\.example ya forma parte del equipo$/);
    await send();
    expect(await within(dialog).findByText('Tu sesión ha terminado. Vuelve a iniciar sesión para seguir trabajando.')).toHaveAttribute('role', 'alert');
    await send();
    expect(await within(dialog).findByText('The invitation service is resting')).toHaveAttribute('role', 'alert');
  });

  it('the Profile says the password refusals in French, the request-rate limit included', async () => {
    const { sync } = teamServer({
      'POST /auth/password': [
        { status: 400, body: { error: 'Current password is incorrect', code: 'currentPasswordIncorrect', field: 'currentPassword' } },
        { status: 429, body: { error: 'Too many attempts. Try again in 45 seconds.', code: 'tooManyAttemptsSeconds', params: { seconds: 45 } } },
      ],
    });
    const user = userEvent.setup();
    await renderIn('fr', <ProfileView />, workspaceWith(sync, ['changePassword']));
    await user.type(await screen.findByLabelText(fr.messages['profile.currentPassword']), 'not-the-password');
    await user.type(screen.getByLabelText(fr.messages['profile.newPassword']), 'a-much-longer-passphrase');
    await user.type(screen.getByLabelText(fr.messages['profile.confirmPassword']), 'a-much-longer-passphrase');
    await user.click(screen.getByRole('button', { name: fr.messages['settings.general.save'] }));
    expect(await screen.findByText('Le mot de passe actuel est incorrect')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(fr.messages['profile.currentPassword'])).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: fr.messages['settings.general.save'] }));
    expect(await screen.findByText('Trop de tentatives. Réessayez dans 45 secondes.')).toHaveAttribute('role', 'alert');
  });

  it('Settings says a coded refusal of the member language in Spanish', async () => {
    const { sync } = teamServer({
      'GET /auth/session': [{ status: 200, body: { language: null } }],
      'PATCH /auth/me': [{ status: 403, body: { error: 'Cross-site request refused', code: 'crossSiteRefused' } }],
    });
    const user = userEvent.setup();
    await renderIn('es', <GeneralSettingsPanel />, workspaceWith(sync, ['memberLanguage']));
    await user.selectOptions(await screen.findByLabelText(es.messages['settings.general.language']), 'fr');
    await user.click(screen.getByRole('button', { name: es.messages['settings.general.save'] }));
    expect(await screen.findByText('Se ha rechazado una solicitud desde otro sitio')).toHaveAttribute('role', 'alert');
  });
});

describe('the sync status line in French', () => {
  it('says a coded refusal from the server by its code, in the line and in the toast', async () => {
    // A push far over the body limit: the server answers 413 with a code.
    const { sync } = teamServer({ 'GET /sync/pull': [{ status: 413, body: { error: 'Request body is too large', code: 'requestTooLarge' } }] });
    opened.push(sync);
    await sync.sync();
    expect(sync.status.value).toMatchObject({ state: 'error', message: 'Request body is too large', code: 'requestTooLarge' });
    await renderIn('fr', <SyncStatus />, Object.assign(createMemoryStorage(), { status: sync.status }));
    const line = screen.getAllByRole('status').find((el) => el.classList.contains('cf-sync-status'));
    expect(line).toHaveTextContent(/^Enregistrement impossible : La requête est trop volumineuse$/);
    expect((await screen.findByText('La requête est trop volumineuse')).closest('[role="alert"]')).not.toBeNull();
  });

  it('says the sync layer’s own sentence when the server answers without one', async () => {
    const status = signal<Status>({ state: 'saved', pending: 0 });
    const { sync } = teamServer({ 'GET /sync/pull': [{ status: 502, body: 'Bad gateway' }] });
    opened.push(sync);
    await sync.sync();
    status.value = sync.status.value;
    await renderIn('es', <SyncStatus />, Object.assign(createMemoryStorage(), { status }));
    const line = screen.getAllByRole('status').find((el) => el.classList.contains('cf-sync-status'));
    expect(line).toHaveTextContent(/El servidor respondió con el código 502$/);
  });
});
