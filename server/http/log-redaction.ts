// What a log line may say about a request: its method, its path with one-time tokens cut out,
// its query with secret-looking parameters' values cut out, and nothing of its headers. pino's
// `redact` covers the headers and fields a line might still carry.
import type { FastifyServerOptions } from 'fastify';
import { loggableError } from '../validation';

export const REDACTED = '[redacted]';

/** Path segments that are secrets: invitation, setup, password reset and creator portal tokens. */
const SECRET_SEGMENT = /\/(invite|invitations|setup|reset|c)\/[^/?#]+/g;
/** Query parameters whose value is (or may carry) a secret: api_key, token, client_secret, signature, code, next... */
const SECRET_PARAMETER = /token|secret|key|pass|auth|sig|hmac|code|session|cookie|credential|next/i;

/** A URL fit for a log line: one-time tokens in the path and secret query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  const path = (mark === -1 ? withoutHash : withoutHash.slice(0, mark)).replace(SECRET_SEGMENT, `/$1/${REDACTED}`);
  if (mark === -1) return path;
  const query = withoutHash
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return REDACTED;
      }
      // A value without a name, or a name that looks like a secret itself, is not kept either.
      if (equals === -1) return SECRET_PARAMETER.test(name) || name.length > 40 ? REDACTED : pair;
      return SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Headers and fields cut from every line, whatever a caller logs. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-shopify-hmac-sha256"]',
  'req.headers["x-wc-webhook-signature"]',
  'req.headers["webhook-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'body.password',
  'body.token',
  'body.secret',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.apiKey',
  '*.api_key',
  '*.clientSecret',
  '*.client_secret',
  '*.smtpUrl',
];

/** Fastify's logger options: the caller's (level, stream), with the redaction and serializers always on top. */
export function loggerOptions(options: Exclude<FastifyServerOptions['logger'], boolean | undefined> | undefined) {
  return {
    level: 'info',
    ...options,
    // Whatever the caller passes, cookies and credentials never reach a log line.
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: loggableError as (error: Error) => { type: string; message: string; stack: string },
    },
  } satisfies FastifyServerOptions['logger'];
}
