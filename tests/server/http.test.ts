// Serving the built product: the host page for members (sign-in redirect otherwise), the
// strict CSP with a per-response nonce (the same policy as scripts/serve.mjs), assets with
// caching and compression, examples, and the security headers of every response.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, NON_PAGE_POLICY } from '../../server/http/security';
import { redactUrl } from '../../server/http/log-redaction';
import { DB_KINDS, startServer, type Client, type TestServer } from './harness';

const HOST_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Creatorflow</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

function fakeBuild() {
  const root = mkdtempSync(join(tmpdir(), 'cf-root-'));
  const write = (path: string, text: string) => {
    mkdirSync(resolve(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('dist/host/index.html', HOST_HTML);
  write('dist/host/assets/index-abc123.js', `export const big = ${JSON.stringify('creatorflow '.repeat(500))};\n`);
  write('dist/elements.js', 'export {};\n');
  write('examples/embed-plain-html/index.html', '<!doctype html><html><head><title>Embed</title></head><body></body></html>');
  write('dist/examples/react-consumer/index.html', '<!doctype html><html><head><title>Consumer</title></head><body></body></html>');
  write('package.json', '{"secret": true}');
  return root;
}

const nonceOf = (html: string) => /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];

describe('the page policy', () => {
  it('is written once: scripts/serve.mjs applies the server\'s own function', async () => {
    const path = resolve(import.meta.dirname, '../../scripts/serve.mjs');
    const serve = (await import(path)) as { contentSecurityPolicy(nonce: string): string };
    expect(serve.contentSecurityPolicy).toBe(contentSecurityPolicy);
    expect(contentSecurityPolicy('abc')).toContain("style-src 'self' 'nonce-abc'");
  });

  it('redacts tokens from logged URLs', () => {
    expect(redactUrl('/invite/abcDEF_-123?x=1')).toBe('/invite/[redacted]?x=1');
    expect(redactUrl('/invitations/abc/accept')).toBe('/invitations/[redacted]/accept');
    expect(redactUrl('/setup?token=abc&x=1')).toBe('/setup?token=[redacted]&x=1');
    expect(redactUrl('/auth/setup/abc')).toBe('/auth/setup/[redacted]');
    expect(redactUrl('/api/v1/creators?api_key=sk_test_abc&limit=5')).toBe('/api/v1/creators?api_key=[redacted]&limit=5');
    expect(redactUrl('/sync/events?client_secret=es_x&access_token=y&Signature=z&next=%2Fc%2Fabc')).toBe(
      '/sync/events?client_secret=[redacted]&access_token=[redacted]&Signature=[redacted]&next=[redacted]',
    );
    expect(redactUrl('/x?%zz=1&sk_live_secret_without_a_name_longer_than_forty_chars')).toBe('/x?[redacted]&[redacted]');
    expect(redactUrl('/c/token#fragment')).toBe('/c/[redacted]');
  });
});

describe.each(DB_KINDS)('serving the app on %s', (kind) => {
  let server: TestServer;
  let root: string;
  let member: Client;
  beforeAll(async () => {
    root = fakeBuild();
    server = await startServer(kind, { root });
    member = await server.signIn('editor');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('redirects app pages to /signin?next= without a session', async () => {
    const visitor = server.client();
    const home = await visitor.get('/');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/signin?next=%2F');
    const orders = await visitor.get('/orders?order=ord_1');
    expect(orders.headers.location).toBe('/signin?next=%2Forders%3Forder%3Dord_1');
    expect((await visitor.get('/creator/CR12345/brief')).statusCode).toBe(302);
  });

  it.each(['/signin', '/signin?next=%2Forders', '/setup?token=abc', '/invite/abc', '/terms', '/privacy', '/maintenance', '/docs', '/docs/dashboard', '/docs/api', '/support'])(
    '%s is public',
    async (path) => {
      const response = await server.client().get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    },
  );

  it('serves the host page to members with a fresh nonce, the strict CSP and the server marker', async () => {
    const first = await member.get('/orders');
    expect(first.statusCode).toBe(200);
    const nonce = nonceOf(first.body)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.headers['content-security-policy']).toBe(contentSecurityPolicy(nonce));
    expect(first.body).toContain('<meta name="cf-server" content="1" />');
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await member.get('/orders');
    expect(nonceOf(second.body)).not.toBe(nonce);
    // Signed in, /signin goes on to the app (and only ever to a path of this site).
    expect((await member.get('/signin?next=%2Finventory')).headers.location).toBe('/inventory');
    expect((await member.get('/signin?next=%2F%2Fevil.example')).headers.location).toBe('/');
    expect((await member.get('/signin?next=https%3A%2F%2Fevil.example')).headers.location).toBe('/');
  });

  it('writes the language the member reads into the host page: their own choice, else the workspace’s; none signed out', async () => {
    const viewer = await server.signIn('viewer');
    // No choice of their own: the workspace's Settings language (the fixture's, English).
    const plain = (await viewer.get('/orders')).body;
    expect(plain).toContain('<html lang="en-US">');
    expect(plain).toContain('<meta name="cf-language" content="en-US" />');
    expect((await viewer.patch('/auth/me', { language: 'es' })).statusCode).toBe(200);
    const spanish = (await viewer.get('/orders')).body;
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<meta name="cf-language" content="es" data-member="es" />');
    const signedOut = (await server.client().get('/signin')).body;
    expect(signedOut).toContain('<html lang="en">');
    expect(signedOut).not.toContain('cf-language');
  });

  it('serves assets with long caching and compression, examples, and 404 for missing files', async () => {
    const asset = await server.client().get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString()).toContain('creatorflow creatorflow');
    const br = await server.client().get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect((await server.client().get('/dist/elements.js')).statusCode).toBe(200);
    const slash = await server.client().get('/examples/embed-plain-html');
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/examples/embed-plain-html/');
    const example = await server.client().get('/examples/embed-plain-html/');
    expect(example.statusCode).toBe(200);
    expect(example.headers['content-security-policy']).toBe(contentSecurityPolicy(nonceOf(example.body)!));
    expect(example.body).not.toContain('cf-server');
    expect((await server.client().get('/examples/react-consumer/')).statusCode).toBe(200);
    expect((await server.client().get('/assets/missing.js')).statusCode).toBe(404);
    expect((await member.get('/..%2f..%2fpackage.json')).body).not.toContain('secret');
    expect((await member.get('/dist/..%2fpackage.json')).body).not.toContain('secret');
    // API paths never fall back to the page.
    const api = await member.get('/workspace/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found', code: 'notFound' });
  });

  it('sends security headers with every response, and a closed policy on JSON', async () => {
    const page = await member.get('/');
    const api = await member.get('/auth/session');
    for (const response of [page, api]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
    }
    expect(api.headers['content-security-policy']).toBe(NON_PAGE_POLICY);
    expect(api.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'; style-src 'self' 'nonce-/);
  });
});
