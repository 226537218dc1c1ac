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
  /** How long a request waits for its whole answer before it is given up as unanswered. Default REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * A request with no answer by then is given up (a server that is stopped, not gone, holds it
 * open forever); it is worth trying again, and what it carried still waits. Generous: a page of
 * a first pull on a busy server takes seconds.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The sync's own sentences (English, the spec's language): the screens say them in theirs through
 * the catalog, like the server's refusals without a code.
 */
export const SYNC_MESSAGES = {
  sessionEnded: 'Your session has ended. Sign in again to keep working.',
  serverAnswered: (status: number) => `The server answered ${status}`,
  notTaken: 'The server did not take the changes',
  noAnswer: 'The server did not answer in time',
  removedNotKept: 'Not kept: you were removed from this workspace',
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

/** `init.signal` stops the request early (a logout); `timeoutMs` overrides the transport's. */
export type Request = <T>(path: string, init?: RequestInit & { timeoutMs?: number }) => Promise<T>;

export function serverOrigin(server?: string) {
  return (server ?? (typeof location !== 'undefined' ? location.origin : '')).replace(/\/$/, '');
}

export function createTransport(options: TransportOptions): Request {
  const server = serverOrigin(options.server);
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async function request<T>(path: string, { timeoutMs, signal, ...init }: RequestInit & { timeoutMs?: number } = {}): Promise<T> {
    const extra = (await options.headers?.()) ?? {};
    // The whole answer, body included, within the timeout; a caller's signal stops it sooner.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    (timer as { unref?: () => void }).unref?.();
    const stop = () => controller.abort();
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop);
    const failed = (error: unknown) =>
      new SyncError('retry', timedOut ? SYNC_MESSAGES.noAnswer : error instanceof Error ? error.message : String(error), 0, undefined, undefined, timedOut ? sayMessage('sync.noAnswer') : undefined);
    try {
      let response: Response;
      try {
        response = await doFetch(`${server}${path}`, {
          ...init,
          signal: controller.signal,
          credentials: options.credentials ?? 'include',
          headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...extra },
        });
      } catch (error) {
        throw failed(error);
      }
      if (response.ok) {
        try {
          return (await response.json()) as T;
        } catch (error) {
          // Cut off or given up while the answer was read: nothing of it is used.
          if (controller.signal.aborted) throw failed(error);
          throw error;
        }
      }
      return await refusal(response);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  };
}

/** What a failed answer means: an ended session, a removed member, worth retrying, or a refusal. */
async function refusal(response: Response): Promise<never> {
  const body = (await response.json().catch(() => ({}))) as Partial<ServerErrorBody>;
  const said = typeof body.error === 'string' ? undefined : sayMessage('sync.serverAnswered', { status: response.status });
  const message = typeof body.error === 'string' ? body.error : SYNC_MESSAGES.serverAnswered(response.status);
  if (response.status === 401) throw new SyncError('signed-out', SYNC_MESSAGES.sessionEnded, 401, undefined, undefined, sayMessage('sync.sessionEnded'));
  if (response.status === 403 && body.code === 'removed') throw new SyncError('removed', message, 403, body);
  // The workspace now requires two-factor of this member: like an ended session, they must sign
  // in again (the server then leads them to set it up); retrying would only be refused again.
  if (response.status === 403 && body.code === 'twoFactorRequired') throw new SyncError('signed-out', message, 403, body);
  if (response.status === 429 || response.status >= 500) throw new SyncError('retry', message, response.status, body, retryAfterOf(response));
  throw new SyncError('refused', message, response.status, typeof body.error === 'string' ? body : { error: message }, undefined, said);
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
