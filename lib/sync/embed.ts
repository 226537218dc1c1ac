// A partner's page showing the team's data: sync with the team server through an embed
// session. The page's `fetchClientSecret` asks the partner's own backend, which asks the team
// server (POST /api/v1/embed_sessions) with its secret key; the secret is fetched again
// before it expires. No cookies cross: the secret is the only credential.
import { createSyncClient } from './client';
import type { StoreSyncClient } from './types';

/** What `fetchClientSecret` may return: the secret alone, or the embed session's answer as is. */
export type ClientSecret = string | { client_secret: string; expires_at?: string };

export interface EmbedSyncOptions {
  /** The team server's origin, e.g. `https://creatorflow.example.com`. */
  server: string;
  fetchClientSecret: () => Promise<ClientSecret>;
  fetch?: typeof fetch;
  /** Fetch a new secret this long before the current one expires. Default 60 s. */
  refreshBeforeMs?: number;
}

/** Without an expiry from the partner's backend, a secret is used for this long. */
const ASSUMED_LIFETIME_MS = 5 * 60 * 1000;

export function createEmbedSync(options: EmbedSyncOptions): StoreSyncClient {
  const refreshBefore = options.refreshBeforeMs ?? 60_000;
  let current: { secret: string; renewAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function secret(): Promise<string> {
    if (current && Date.now() < current.renewAt) return current.secret;
    fetching ??= options
      .fetchClientSecret()
      .then((answer) => {
        const value = typeof answer === 'string' ? answer : answer.client_secret;
        if (typeof value !== 'string' || !value) throw new Error('fetchClientSecret did not return a client secret');
        const expires = typeof answer === 'string' || !answer.expires_at ? NaN : Date.parse(answer.expires_at);
        const renewAt = Number.isFinite(expires) ? expires - refreshBefore : Date.now() + ASSUMED_LIFETIME_MS;
        current = { secret: value, renewAt };
        return value;
      })
      .finally(() => (fetching = null));
    return fetching;
  }

  return createSyncClient({
    server: options.server,
    fetch: options.fetch,
    credentials: 'omit',
    headers: async () => ({ authorization: `Bearer ${await secret()}` }),
    eventsQuery: async () => ({ client_secret: await secret() }),
  });
}
