// Every app URL a widget links to or navigates to, built here and nowhere else. Each follows a
// route of the screen list (screens.ts): tests/unit/routes.test.ts checks every builder against
// the list's paths and query names, so a route renamed there fails that test, not a link.
// Widgets pass the result to `<Link>` or `useNavigation()`; the host's router (or, in an
// element, the cf-navigate event) decides what following it means.

const part = encodeURIComponent;
const query = (params: Record<string, string | undefined>) => {
  const pairs = Object.entries(params).filter((pair): pair is [string, string] => pair[1] !== undefined);
  return pairs.length ? `?${pairs.map(([key, value]) => `${key}=${part(value)}`).join('&')}` : '';
};

/** A creator's own pages under `/creator/:id/`. */
export type CreatorPage = 'brief' | 'shipment/label' | 'shipment/tracking';

export const routeTo = {
  /** The main dashboard. */
  home: () => '/',
  /** The dashboard overview: a dashboard filter, or a creator's card selected (its handle's `@` kept readable). */
  dashboard: (params: { filter?: string; creator?: string } = {}) => `/dashboard${query(params)}`.replace(/%40/g, '@'),
  /** The creator detail, optionally with a step open. */
  creator: (id: string, step?: string) => `/creator/${part(id)}${query({ step })}`,
  /** A creator's brief, shipping label or shipment tracking page. */
  creatorPage: (id: string, page: CreatorPage) => `/creator/${part(id)}/${page}`,
  /** An order's detail. */
  order: (id: string) => `/orders/${part(id)}`,
  /** Analytics, without a filter. */
  analytics: () => '/analytics',
};
