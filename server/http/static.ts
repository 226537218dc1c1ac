// The built product, as scripts/serve.mjs serves it: the host app (an SPA: unknown paths get
// its index.html), the elements bundle under /dist/, and the examples under /examples/.
// Differences with a server: app pages need a session (else /signin?next=...), and the
// host page carries <meta name="cf-server" content="1"> so the browser uses the team workspace.
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPublicPage } from '../../lib/domain/public-pages';
import { isLanguageCode } from '../../lib/i18n/codes';
import { errorBody } from '../context';
import { contentSecurityPolicy } from './security';

/** Where a member who must turn two-factor on is sent (a page for signed-in members, outside the shell). */
export const TWO_FACTOR_SETUP_PAGE = '/two-factor-setup';

/** A `next` target that stays on this site: a path, never `//host` or a scheme. */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (a newline in a header, a NUL) make the target unsafe to redirect to.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(value)) return '/';
  return value;
}

export interface StaticOptions {
  /** The repository root (dist/ and examples/ below it). */
  root: string;
  /**
   * The request's live session (renewing its cookie when due), null when it has none, with the
   * languages its screens speak, so the page's first paint is in the member's language.
   */
  signedIn(request: FastifyRequest, reply: FastifyReply): Promise<PageLanguage | null>;
}

/** The member's own choice (null: none, the workspace's applies) and the workspace's Settings language. */
export interface PageLanguage {
  member: string | null;
  /** The workspace asks this member to turn two-factor sign-in on, and they have not yet. */
  mustEnrol?: boolean;
  workspace: string | null;
}

/** The page's language hints (widgets/ui/pageLanguage.ts reads them); only known codes reach the markup. */
function languageHead(language: PageLanguage | null | undefined): { head: string; lang: string | null } {
  if (!language) return { head: '', lang: null };
  const member = isLanguageCode(language.member) ? language.member : null;
  const effective = member ?? (isLanguageCode(language.workspace) ? language.workspace : null);
  if (!effective) return { head: '', lang: null };
  return { head: `\n    <meta name="cf-language" content="${effective}"${member ? ` data-member="${member}"` : ''} />`, lang: effective };
}

/** Sends an HTML page under the pages' policy, with this response's style nonce in its head. */
export async function sendPage(reply: FastifyReply, file: string, extraHead: string, language?: PageLanguage | null) {
  const nonce = randomBytes(16).toString('base64');
  const hint = languageHead(language);
  let html = (await readFile(file, 'utf8')).replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />${extraHead}${hint.head}`);
  if (hint.lang) html = html.replace(/<html lang="[^"]*"/, `<html lang="${hint.lang}"`);
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(nonce))
    .header('cache-control', 'no-cache')
    .send(html);
}

/** The same types scripts/serve.mjs sends. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.csv': 'text/csv; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Paths the API owns: never answered with the host page. */
const API_PREFIXES = ['/auth/', '/team/', '/workspace/', '/invitations/', '/sync/', '/healthz', '/readyz', '/api/', '/portal/', '/portal-links/'];

export async function registerStatic(app: FastifyInstance, options: StaticOptions) {
  const root = resolve(options.root);
  const hostDir = join(root, 'dist', 'host');
  // sendFile only: routing is ours (SPA fallback, sign-in redirect, examples' trailing slash).
  await app.register(fastifyStatic, { root, serve: false });

  function inside(candidate: string) {
    return candidate === root || candidate.startsWith(root + sep);
  }

  function fileFor(pathname: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const safe = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    const candidates: string[] = [];
    if (safe.startsWith('/dist/')) candidates.push(join(root, safe));
    else if (safe.startsWith('/examples/react-consumer/')) {
      // The consumer example is served from its build (scripts/consumer.mjs).
      const built = join(root, 'dist', safe);
      candidates.push(built, join(built, 'index.html'));
    } else if (safe.startsWith('/examples/')) candidates.push(join(root, safe), join(root, safe, 'index.html'));
    else candidates.push(join(hostDir, safe));
    for (const candidate of candidates) {
      if (!inside(candidate)) continue;
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return null;
  }

  // Public: assets are anyone's, and an app page without a session redirects to sign-in (the
  // session is looked up only for pages, never for an asset).
  app.get('/*', { config: { auth: 'public' } }, async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const { pathname } = url;
    // `/team` itself is a page of the app; only paths under the prefixes are the API's.
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix)))
      return reply.code(404).send(errorBody('Not found', undefined, { code: 'notFound' }));
    if (pathname.startsWith('/examples/') && !pathname.endsWith('/') && !extname(pathname)) return reply.redirect(`${pathname}/${url.search}`, 301);

    const file = fileFor(pathname);
    if (file && !file.endsWith('.html')) {
      const relative = file.slice(root.length + 1);
      const immutable = file.includes(`${sep}assets${sep}`) || file.includes(`${sep}chunks${sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.type(TYPES[extname(file)] ?? 'application/octet-stream');
      return reply.sendFile(relative, root, { cacheControl: false, contentType: false });
    }
    if (file && !file.startsWith(hostDir + sep)) return sendPage(reply, file, '');
    if (!file && extname(pathname) && !pathname.endsWith('.html')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');

    // An app route (or the host's own index.html): the host page, for members only.
    const session = await options.signedIn(request, reply);
    const signedIn = session !== null;
    if (!signedIn && !isPublicPage(pathname)) {
      return reply.redirect(`/signin?next=${encodeURIComponent(pathname + url.search)}`, 302);
    }
    if (signedIn && pathname.replace(/\/+$/, '') === '/signin') return reply.redirect(safeNext(url.searchParams.get('next')), 302);
    // A member the workspace asks to turn two-factor on does that before anything of the workspace.
    if (session?.mustEnrol && !isPublicPage(pathname) && pathname.replace(/\/+$/, '') !== TWO_FACTOR_SETUP_PAGE)
      return reply.redirect(`${TWO_FACTOR_SETUP_PAGE}?next=${encodeURIComponent(pathname + url.search)}`, 302);
    const index = join(hostDir, 'index.html');
    if (!existsSync(index)) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return sendPage(reply, index, '\n    <meta name="cf-server" content="1" />', session);
  });
}
