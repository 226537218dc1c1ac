#!/usr/bin/env node
// Serves the built product: the host app (SPA), the elements bundle under /dist/, and the
// examples under /examples/. Port from PORT (default 4173). No third-party hosts involved.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { contentSecurityPolicy } from '../server/http/content-security-policy.mjs';

const root = resolve(import.meta.dirname, '..');
const hostDir = join(root, 'dist', 'host');
const TYPES = {
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
};

function fileFor(pathname) {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [];
  if (safe.startsWith('/dist/')) candidates.push(join(root, safe));
  else if (safe.startsWith('/examples/react-consumer/')) {
    // The consumer example is served from its build (scripts/consumer.mjs).
    const built = join(root, 'dist', safe);
    candidates.push(built, join(built, 'index.html'));
  } else if (safe.startsWith('/examples/')) {
    candidates.push(join(root, safe));
    candidates.push(join(root, safe, 'index.html'));
  } else candidates.push(join(hostDir, safe));
  for (const candidate of candidates) {
    if (!candidate.startsWith(root)) continue;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The policy the product and the elements run under (documented in the README for embedders), the team server's own. */
export { contentSecurityPolicy };

export function startServer(port = Number(process.env.PORT ?? 4173), host = process.env.HOST ?? '127.0.0.1') {
  if (!existsSync(join(hostDir, 'index.html'))) throw new Error('dist/host is missing: run `npm run build` first');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/examples/') && !url.pathname.endsWith('/') && !extname(url.pathname)) {
      res.writeHead(301, { location: `${url.pathname}/` });
      res.end();
      return;
    }
    let file = fileFor(url.pathname);
    let status = 200;
    if (!file) {
      // Unknown asset: 404. Anything else is an app route: the host page (the app shows its own 404).
      if (extname(url.pathname) && !url.pathname.endsWith('.html')) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
        return;
      }
      file = join(hostDir, 'index.html');
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers = {
      'content-type': type,
      'x-content-type-options': 'nosniff',
      'cache-control': file.includes('/assets/') || file.includes('/chunks/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (type.startsWith('text/html')) {
      // Strict CSP on every page: scripts only from this origin, styles only from this
      // origin or with this response's nonce (handed to libraries through <meta name="csp-nonce">).
      const nonce = randomBytes(16).toString('base64');
      headers['content-security-policy'] = contentSecurityPolicy(nonce);
      const html = readFileSync(file, 'utf8').replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
      res.writeHead(status, headers);
      res.end(html);
      return;
    }
    res.writeHead(status, headers);
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise) => {
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer();
  const { port, address } = server.address();
  console.log(`Creatorflow is running at http://localhost:${port}/ (listening on ${address}:${port})`);
  console.log(`Embed example: http://localhost:${port}/examples/embed-plain-html/`);
}
