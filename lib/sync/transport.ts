// Requests to the team server, and what each answer means to the sync client: a refusal (4xx) is
// the server's decision; 401 is an ended session; a 403 `removed` is a removed member; a network
// error, 5xx or 429 is worth trying again (after Retry-After when the server gave one).
import { message as sayMessage, type Message } from '../domain/messages';
import type { ServerErrorBody, ServerErrorParams, ServerRefusal } from '../domain/server-errors';

export interface TransportOptions {
  /** The team server's origin, e.g. `https://creatorflow.example`. Default: this page's origin. */
  server?: string;
  fetch?: typeof fetch;
  /** Extra headers for every request (an embed session's client secret, say). */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Cookies with each request: 'include' (the team's own pages, default) or 'omit' (an embed session). */
  credentials?: RequestCredentials;
}

/**
 * The sync's own sentences (English, the spec's language): the screens say them in theirs through
 * the catalog, like the server's refusals without a code.
 */
export const SYNC_MESSAGES = {
  sessionEnded: 'Your session has ended. Sign in again to keep working.',
  serverAnswered: (status: number) => `The server answered ${status}`,
  notTaken: 'The server did not take the changes',
  tooLarge: 'This change is too large to save',
  authorRemoved: 'A change made on this device by a member who was removed from the workspace was discarded',
} as const;

export type SyncErrorKind = 'signed-out' | 'removed' | 'refused' | 'retry';

export class SyncError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
    readonly status = 0,
    /** The refusal's body as the server sent it (its code, values and field, when it has them). */
    readonly body?: Partial<ServerErrorBody>,
    /** Retry-After, in milliseconds, when the server gave one. */
    readonly retryAfterMs?: number,
    /** The sync's own sentence as a message, when the server sent no words of its own. */
    readonly problem?: Message,
  ) {
    super(message);
  }
  get field() {
    return this.body?.field;
  }
}

export type Request = <T>(path: string, init?: RequestInit) => Promise<T>;

export function serverOrigin(server?: string) {
  return (server ?? (typeof location !== 'undefined' ? location.origin : '')).replace(/\/$/, '');
}

export function createTransport(options: TransportOptions): Request {
  const server = serverOrigin(options.server);
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const extra = (await options.headers?.()) ?? {};
    let response: Response;
    try {
      response = await doFetch(`${server}${path}`, {
        ...init,
        credentials: options.credentials ?? 'include',
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...extra },
      });
    } catch (error) {
      throw new SyncError('retry', error instanceof Error ? error.message : String(error));
    }
    if (response.ok) return (await response.json()) as T;
    const body = (await response.json().catch(() => ({}))) as Partial<ServerErrorBody>;
    const said = typeof body.error === 'string' ? undefined : sayMessage('sync.serverAnswered', { status: response.status });
    const message = typeof body.error === 'string' ? body.error : SYNC_MESSAGES.serverAnswered(response.status);
    if (response.status === 401) throw new SyncError('signed-out', SYNC_MESSAGES.sessionEnded, 401, undefined, undefined, sayMessage('sync.sessionEnded'));
    if (response.status === 403 && body.code === 'removed') throw new SyncError('removed', message, 403, body);
    // The workspace now requires two-factor of this member: like an ended session, they must sign
    // in again (the server then leads them to set it up); retrying would only be refused again.
    if (response.status === 403 && body.code === 'twoFactorRequired') throw new SyncError('signed-out', message, 403, body);
    if (response.status === 429 || response.status >= 500) throw new SyncError('retry', message, response.status, body, retryAfterOf(response));
    return Promise.reject(new SyncError('refused', message, response.status, typeof body.error === 'string' ? body : { error: message }, undefined, said));
  };
}

/** Retry-After in seconds (or an HTTP date), as milliseconds. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers?.get?.('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** A refusal's code and values, when the server gave them. */
export function codeOf(error: unknown): { code?: string; params?: ServerErrorParams; problem?: Message } {
  const body = error instanceof SyncError ? error.body : undefined;
  return {
    ...(error instanceof SyncError && error.problem ? { problem: error.problem } : {}),
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
    ...(body?.params && typeof body.params === 'object' ? { params: body.params } : {}),
  };
}

/** A failed request as a team call returns it: the message, with the server's code and values. */
export const refusedBy = (error: unknown): ServerRefusal => ({ ok: false, error: error instanceof Error ? error.message : String(error), ...codeOf(error) });
