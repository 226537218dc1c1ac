// A partner's tiny backend: serves the portal page and the Creatorflow elements bundle, and
// hands the page a short-lived client secret from the team server. The secret key stays here,
// in the environment, and never reaches the browser.
//
//   CREATORFLOW_SERVER=http://localhost:4173 CREATORFLOW_API_KEY=sk_test_... node examples/partner-portal/server.mjs
//
// CREATORFLOW_EMBED_ROLE=Editor lets the portal's visitors change the team's funnels (the key
// must be an Editor or Admin key); the default, Viewer, shows them read only.
//
// The key needs this portal's origin (http://localhost:4180 by default) among its allowed
// origins (Developer area, "Allowed origins (embedding)").
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const server = (process.env.CREATORFLOW_SERVER ?? 'http://localhost:4173').replace(/\/$/, '');
const apiKey = process.env.CREATORFLOW_API_KEY;
const port = Number(process.env.PORT ?? 4180);
const host = process.env.HOST ?? '127.0.0.1';
// The role the embedded screens act with: Viewer (read only) unless set; never above the key's.
const embedRole = process.env.CREATORFLOW_EMBED_ROLE ?? 'Viewer';
const here = import.meta.dirname;
const dist = resolve(here, '../../dist');
if (!apiKey) {
  console.error('Set CREATORFLOW_API_KEY to a key made in the Developer area.');
  process.exit(1);
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

function policy() {
  // The page talks to its own backend and to the team server, nothing else.
  return [`default-src 'self'`, `script-src 'self'`, `style-src 'self'`, `img-src 'self' data: blob:`, `font-src 'self' data:`, `connect-src 'self' ${server}`, `object-src 'none'`, `base-uri 'self'`].join('; ');
}

async function clientSecret() {
  // The screens this portal shows and the role they act with (never above the key's).
  const response = await fetch(`${server}/api/v1/embed_sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ screens: ['funnel-board'], role: embedRole }),
  });
  return { status: response.status, body: await response.text() };
}

createServer(async (request, reply) => {
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
  try {
    if (url.pathname === '/client-secret' && request.method === 'POST') {
      const { status, body } = await clientSecret();
      reply.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
      return;
    }
    let file;
    if (url.pathname === '/') file = join(here, 'index.html');
    else if (url.pathname === '/portal.js' || url.pathname === '/portal.css') file = join(here, url.pathname);
    else if (url.pathname.startsWith('/dist/')) file = normalize(join(dist, url.pathname.slice('/dist/'.length)));
    if (!file || (!file.startsWith(here) && !file.startsWith(dist))) {
      reply.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    let content = await readFile(file);
    if (file.endsWith('index.html')) content = Buffer.from(content.toString('utf8').replaceAll('__CREATORFLOW_SERVER__', server));
    reply.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': policy() }).end(content);
  } catch {
    reply.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
}).listen(port, host, () => console.log(`Partner portal on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/ (team server ${server})`));
