// Pages anyone may open without signing in: signing in, a forgotten password, accepting an
// invitation, first setup, the legal and status pages, support, and the guides. The team server
// lets a visitor reach them; the host app shows them without the workspace.

export const PUBLIC_PAGES: readonly string[] = ['/signin', '/forgot-password', '/reset-password', '/setup', '/terms', '/privacy', '/maintenance', '/support', '/docs'];
export const PUBLIC_PREFIXES: readonly string[] = ['/invite/', '/docs/'];

export function isPublicPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.includes(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}
