// Discount codes and tracking links: each funnel (an engagement with a creator) has a code a
// shop applies and a link the team server counts (`/r/<code>`). Codes are compared in any
// letter case. Pure: the server, the browser and the tests share these rules.
import { refuse, ok, type Funnel, type Result } from './types';

/** Letters, digits, '-' and '_', 3 to 32 of them: what Shopify and WooCommerce accept as a code and a URL path keeps as is. */
const CODE = /^[A-Za-z0-9_-]{3,32}$/;
const MAX_BASE = 28;

/** The key a code is compared by: its letters in lower case. */
export const codeKey = (code: string) => code.trim().toLowerCase();

/** A code's base from a handle: "@sarah.j_style" becomes "SARAHJ_STYLE" (letters, digits, '_' and '-' kept, upper case). */
export function codeFromHandle(handle: string): string {
  const base = handle
    .replace(/^@+/, '')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .toUpperCase()
    .slice(0, MAX_BASE);
  return base.length >= 3 ? base : `${base}CODE`.slice(0, MAX_BASE);
}

/**
 * The first free code for a handle: its base, else the base with 2, 3, ... after it. `taken`
 * says whether a code (any case) belongs to a live funnel of the workspace.
 */
export function uniqueDiscountCode(handle: string, taken: (key: string) => boolean): string {
  const base = codeFromHandle(handle);
  if (!taken(codeKey(base))) return base;
  for (let n = 2; ; n++) {
    const code = `${base}${n}`;
    if (!taken(codeKey(code))) return code;
  }
}

/** The codes in use by live funnels, by key; a deleted funnel's code is free again. */
export function codesInUse(funnels: readonly Pick<Funnel, 'id' | 'discountCode'>[], except?: string): Set<string> {
  const keys = new Set<string>();
  for (const funnel of funnels) if (funnel.id !== except && funnel.discountCode) keys.add(codeKey(funnel.discountCode));
  return keys;
}

/** Gives each new funnel a code unique in the workspace (among `existing` and the ones given before it). */
export function withDiscountCodes<F extends Pick<Funnel, 'id' | 'creatorHandle' | 'discountCode'>>(fresh: readonly F[], existing: readonly Pick<Funnel, 'id' | 'discountCode'>[]): F[] {
  const taken = codesInUse(existing);
  return fresh.map((funnel) => {
    if (funnel.discountCode && !taken.has(codeKey(funnel.discountCode))) {
      taken.add(codeKey(funnel.discountCode));
      return funnel;
    }
    const discountCode = uniqueDiscountCode(funnel.creatorHandle, (key) => taken.has(key));
    taken.add(codeKey(discountCode));
    return { ...funnel, discountCode };
  });
}

/** An edited code: trimmed, 3 to 32 letters, digits, '-' or '_', and not another live funnel's in any letter case. */
export function validateDiscountCode(raw: string, funnelId: string, funnels: readonly Pick<Funnel, 'id' | 'discountCode' | 'creatorHandle'>[]): Result<string> {
  const code = raw.trim();
  if (!CODE.test(code)) return refuse('domain.attribution.codeShape');
  const other = funnels.find((f) => f.id !== funnelId && f.discountCode && codeKey(f.discountCode) === codeKey(code));
  if (other) return refuse('domain.attribution.codeTaken', { code, handle: other.creatorHandle });
  return ok(code);
}

/** The tracking link's path on the team server. */
export const trackingPath = (code: string) => `/r/${encodeURIComponent(code)}`;

/**
 * The tracking link: the server's public origin, the path, and the workspace it belongs to (two
 * workspaces on one server may hold the same code). No server, no link: a local workspace has
 * nothing to count clicks.
 */
export const trackingUrl = (origin: string, code: string, workspaceId: string) => `${origin.replace(/\/+$/, '')}${trackingPath(code)}?w=${encodeURIComponent(workspaceId)}`;

/** A shop URL as the brand types it: https only, with a host, no credentials; kept without a trailing slash. */
export function validateShopUrl(raw: string): Result<string | undefined> {
  const text = raw.trim();
  if (!text) return ok(undefined);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('domain.attribution.shopUrlShape');
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password || url.search || url.hash) return refuse('domain.attribution.shopUrlShape');
  return ok(`${url.origin}${url.pathname.replace(/\/+$/, '')}`);
}

export const UTM = { source: 'creatorflow', medium: 'creator' } as const;

/**
 * Where a tracking link sends a visitor: the shop, through Shopify's `/discount/<code>?redirect=<path>`
 * form so the code is applied at checkout, with utm_source=creatorflow, utm_medium=creator and
 * utm_campaign=<code> on the page it lands on. Built only from the stored shop URL and the
 * funnel's code, never from anything in the request, so the link cannot redirect elsewhere.
 */
export function shopRedirectUrl(shopUrl: string, code: string): string {
  const shop = new URL(shopUrl);
  const landing = `${shop.pathname.replace(/\/+$/, '') || ''}/?${new URLSearchParams({ utm_source: UTM.source, utm_medium: UTM.medium, utm_campaign: code }).toString()}`;
  const target = new URL(`/discount/${encodeURIComponent(code)}`, shop.origin);
  target.searchParams.set('redirect', landing);
  // On the first URL too: a shop's landing_site is the first page the visitor opened.
  target.searchParams.set('utm_source', UTM.source);
  target.searchParams.set('utm_medium', UTM.medium);
  target.searchParams.set('utm_campaign', code);
  return target.toString();
}
