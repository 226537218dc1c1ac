// Refusals that reach a screen through the team sync (Invite Member, the Profile's password, the
// member's own language, the sync status line) are said in the screen's language: a refusal with a
// known code from the catalog, the sync's own sentences from theirs, any other as a plain sentence.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncStatus } from '../../host/SyncStatus';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { pack as es } from '../../lib/i18n/catalogs/es';
import { pack as fr } from '../../lib/i18n/catalogs/fr';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createSyncClient } from '../../lib/sync/client';
import { createTeamApi, type TeamApi } from '../../lib/sync/team-api';
import type { StoreSyncClient } from '../../lib/sync/types';
import type { StoreOptions } from '../../lib/store/createStore';
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
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as Response;
  }) as typeof globalThis.fetch;
  const api = createTeamApi({ server: 'https://team.example', fetch });
  return { api, fetch, asked };
}

let opened: StoreSyncClient[] = [];
afterEach(() => {
  for (const sync of opened) sync.close();
  opened = [];
  act(() => toast.remove());
});

/** The sample workspace in memory, with the team server's REST calls (invite, password, own language). */
const workspaceWith = (teamApi: TeamApi): StoreOptions => ({ teamApi });

async function renderIn(lang: LanguageCode, ui: ReactElement, options: StoreOptions) {
  await loadLanguage(lang);
  return renderScreen(<LanguageProvider lang={lang}>{ui}</LanguageProvider>, options);
}

describe('refusals through the team sync, in the screen language', () => {
  it('Invite Member says a coded refusal, the ended session and an unknown refusal in Spanish', async () => {
    const { api } = teamServer({
      'POST /team/invitations': [
        { status: 409, body: { error: 'casey@brand.example is already on the team', code: 'alreadyOnTeam', params: { email: 'casey@brand.example' }, field: 'email' } },
        { status: 401, body: { error: 'Sign in to continue', code: 'signInToContinue' } },
        { status: 422, body: { error: 'The invitation service is resting' } },
      ],
    });
    const user = userEvent.setup();
    await renderIn('es', <Team />, workspaceWith(api));
    await user.click(await screen.findByRole('button', { name: es.messages['team.invite'] }));
    const dialog = screen.getByRole('dialog', { name: es.messages['team.invite'] });
    await user.type(within(dialog).getByLabelText(es.messages['team.email']), 'casey@brand.example');
    const send = () => user.click(within(dialog).getByRole('button', { name: es.messages['team.send'] }));
    await send();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^casey@brand\.example ya forma parte del equipo$/);
    await send();
    expect(await within(dialog).findByText('Tu sesión ha terminado. Vuelve a iniciar sesión para seguir trabajando.')).toHaveAttribute('role', 'alert');
    await send();
    // Words the catalog does not know are not shown in English to a Spanish reader.
    expect(await within(dialog).findByText(es.messages['domain.refused'])).toHaveAttribute('role', 'alert');
  });

  it('the Profile says the password refusals in French, the request-rate limit included', async () => {
    const { api } = teamServer({
      'POST /auth/password': [
        { status: 400, body: { error: 'Current password is incorrect', code: 'currentPasswordIncorrect', field: 'currentPassword' } },
        { status: 429, body: { error: 'Too many attempts. Try again in 45 seconds.', code: 'tooManyAttemptsSeconds', params: { seconds: 45 } } },
      ],
    });
    const user = userEvent.setup();
    await renderIn('fr', <ProfileView />, workspaceWith(api));
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
    const { api } = teamServer({
      'GET /auth/session': [{ status: 200, body: { language: null } }],
      'PATCH /auth/me': [{ status: 403, body: { error: 'Cross-site request refused', code: 'crossSiteRefused' } }],
    });
    const user = userEvent.setup();
    await renderIn('es', <GeneralSettingsPanel />, workspaceWith(api));
    await user.selectOptions(await screen.findByLabelText(es.messages['settings.general.language']), 'fr');
    await user.click(screen.getByRole('button', { name: es.messages['settings.general.save'] }));
    expect(await screen.findByText('Se ha rechazado una solicitud desde otro sitio')).toHaveAttribute('role', 'alert');
  });
});

describe('a refused change through the team sync, in the screen language', () => {
  it('a change too large for the server on its own rolls back and says so in French; the edit behind it is saved', async () => {
    let pushes = 0;
    const pushed: string[] = [];
    const member = { id: 'm1', name: 'Ana', email: 'ana@example.com', role: 'Admin', status: 'Active', avatar: '', permissions: { sendOutreach: true, editAutomations: true, manageTeam: true, viewAnalytics: true }, joinedDate: '2026-03-01', lastActive: '' };
    const item = { id: 'inv_1', sku: 'SKU-1', name: 'Tripod', quantity: 5, lowStockThreshold: 1, reorderPoint: 1, lastRestocked: '', location: '' };
    const { fetch } = teamServer({
      'GET /sync/pull': [{ status: 200, body: { version: 1, lastMutationID: 0, full: true, memberId: 'm1', workspaceId: 'w1', records: [{ collection: 'team', id: 'm1', value: member }, { collection: 'inventory', id: 'inv_1', value: item }] } }],
    });
    const sync = createSyncClient({
      server: 'https://team.example',
      cache: createMemoryStorage(),
      fetch: (async (url: string, init?: RequestInit) => {
        if (!String(url).includes('/sync/push')) return fetch(url, init);
        pushes += 1;
        const body = JSON.parse(init?.body as string) as { mutations: { id: number; args: { quantity: unknown } }[] };
        // The first edit alone is over the body limit.
        if (body.mutations.some((m) => String(m.args.quantity) === '99'))
          return { ok: false, status: 413, headers: new Headers(), json: async () => ({ error: 'Request body is too large', code: 'requestTooLarge' }) } as Response;
        pushed.push(...body.mutations.map((m) => String(m.args.quantity)));
        return { ok: true, status: 200, headers: new Headers(), json: async () => ({ lastMutationID: body.mutations.at(-1)!.id, results: body.mutations.map((m) => ({ id: m.id, ok: true })) }) } as Response;
      }) as typeof globalThis.fetch,
    });
    opened.push(sync);
    const { store } = await renderIn('fr', <SyncStatus />, { sync });
    store.inventory.setQuantity('inv_1', '99');
    store.inventory.setQuantity('inv_1', '7');
    await store.flush();
    await sync.sync();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enregistrement impossible : Cette modification est trop volumineuse pour être enregistrée');
    // The whole push was refused, then each half: the normal edit went on its own.
    expect(pushes).toBe(3);
    expect(pushed).toEqual(['7']);
    expect(sync.status.value).toEqual({ state: 'saved', pending: 0 });
  });
});
