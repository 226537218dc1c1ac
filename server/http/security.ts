// Security headers, the pages' Content-Security-Policy, and the CSRF rule for writes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../lib/domain/server-errors';

/** The pages' policy, written once for this server and scripts/serve.mjs. */
export { contentSecurityPolicy } from './content-security-policy.mjs';

/** JSON and other non-page responses load nothing and are never framed. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True when the request came over plain http to this machine: the one case where a cookie can go without Secure. */
export function isPlainLocalhost(request: FastifyRequest): boolean {
  return request.protocol === 'http' && LOCAL_HOSTS.has(request.hostname.toLowerCase());
}

/** The origin this request was addressed to (or the configured public one). */
export function expectedOrigin(request: FastifyRequest, publicOrigin?: string): string {
  if (publicOrigin) return publicOrigin;
  return `${request.protocol}://${request.host}`.toLowerCase();
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

function refuse(reply: FastifyReply, error: string, code: 'crossSiteRefused' | 'jsonRequired') {
  return reply.code(403).header('cache-control', 'no-store').send(errorBody(error, undefined, { code }));
}

/**
 * Writes are same-origin JSON only. A cross-site form can send neither a JSON content type
 * nor a DELETE, and a cross-site fetch that could would need a CORS grant this server
 * never gives; the Origin check refuses the rest.
 */
export function registerCsrfGuard(app: FastifyInstance, publicOrigin?: string) {
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITES.has(request.method)) return;
    // The public API is authenticated by its Authorization header alone, never by a cookie, so a
    // cross-site page gains nothing there; its own guard answers a body that is not JSON with 415.
    if (request.routeOptions.url?.startsWith('/api/v1/')) return;
    // An embed session's client secret is sent by script, never by the browser on its own:
    // cross-site pages cannot ride on it. Its route checks the origin against the key's.
    const bearer = /^Bearer\s+es_/.test(request.headers.authorization ?? '');
    const origin = bearer ? undefined : request.headers.origin;
    // The origin the browser addressed (its Host header cannot be set by a page), or the public one.
    const allowed = origin !== undefined && [expectedOrigin(request), publicOrigin].includes(origin.toLowerCase());
    if (origin !== undefined && !allowed) return refuse(reply, 'Cross-site request refused', 'crossSiteRefused');
    if (!bearer && origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') return refuse(reply, 'Cross-site request refused', 'crossSiteRefused');
    const type = request.headers['content-type'];
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    // A DELETE without a body names everything in its URL; anything with a body must be JSON.
    if (request.method === 'DELETE' && !hasBody && type === undefined) return;
    if (!type || !JSON_TYPE.test(type)) return refuse(reply, 'Requests that change data must be sent as JSON (Content-Type: application/json)', 'jsonRequired');
  });
}
