// The portal's only way to the server: its link's token, sent as a bearer credential on
// same-origin JSON requests to /portal/api/*. The token comes from the page's own path.
import { isMessage, type Message } from '../../lib/domain/messages';
import type { PortalView } from '../../lib/domain/portal';

export const PORTAL_VIEW_URL = '/portal/api/view';
export const PORTAL_ANSWER_URL = '/portal/api/answer';

/** The token of /c/<token>, or null when the path holds none. */
export function tokenFromPath(pathname: string): string | null {
  return /^\/c\/([A-Za-z0-9_-]{43})\/?$/.exec(pathname)?.[1] ?? null;
}

export type PortalAnswer =
  | { ok: true; view: PortalView | null }
  | { ok: false; status: number; error: string; code?: string; problem?: Message; field?: string };

async function send(token: string, url: string, body?: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'omit',
    cache: 'no-store',
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: Record<string, unknown> = {};
  try {
    data = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.status, data };
}

export async function loadView(token: string): Promise<{ status: number; view: PortalView | null }> {
  const { status, data } = await send(token, PORTAL_VIEW_URL);
  return { status, view: status === 200 ? (data as unknown as PortalView) : null };
}

export async function sendAnswer(token: string, name: string, args: Record<string, unknown> = {}): Promise<PortalAnswer> {
  try {
    const { status, data } = await send(token, PORTAL_ANSWER_URL, { name, args });
    if (status === 200) return { ok: true, view: (data.view as PortalView | null) ?? null };
    return {
      ok: false,
      status,
      error: typeof data.error === 'string' ? data.error : '',
      ...(typeof data.code === 'string' ? { code: data.code } : {}),
      ...(typeof data.field === 'string' ? { field: data.field } : {}),
      ...(isMessage(data.problem) ? { problem: data.problem } : {}),
    };
  } catch {
    return { ok: false, status: 0, error: '' };
  }
}
