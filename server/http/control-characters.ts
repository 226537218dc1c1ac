// Control characters never get past the door (lib/domain/control-characters.ts): a JSON body's
// text may hold tab and line breaks, path and query parameters none, headers a tab. Checked
// once for every route, before its own validation; a push's mutation arguments are checked
// with each mutation instead, so one bad mutation is refused alone and never blocks the rest.
import type { FastifyInstance } from 'fastify';
import { CONTROL_IN_LINE, controlCharacterPath } from '../../lib/domain/control-characters';
import { SYNC_PATHS } from '../../lib/sync/protocol';
import { HttpError } from '../context';

/** Refused in header values: C0 but tab (HTTP itself allows no other). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_HEADER = /[\u0000-\u0008\u000A-\u001F]/;

export function controlCharacterError(field: string): HttpError {
  const name = field || 'The request body';
  return new HttpError(400, `${name} must not contain control characters`, field || undefined, { code: 'controlCharacters', params: { field: name } });
}

/** Throws the 400 naming the field when `body` (parsed JSON) holds a refused character. */
export function checkControlCharacters(body: unknown): void {
  const field = controlCharacterPath(body);
  if (field !== null) throw controlCharacterError(field);
}

/** Path and query parameters as a plain object (the router and the query parser make their own kinds). */
const plain = (value: unknown): unknown => (value !== null && typeof value === 'object' ? { ...value } : value);

/**
 * The fields of `body` its route's schema declares (all of it when the schema names none):
 * a field the route does not know is dropped by its validation (or refused by name on the
 * public API), so it is neither checked here nor named back to its sender.
 */
function declaredFields(schema: unknown, body: unknown): unknown {
  const entries = (schema as { entries?: unknown } | undefined)?.entries;
  if (!entries || typeof entries !== 'object' || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => Object.hasOwn(entries, name)));
}

/** A push without its mutations' arguments (each is checked with its mutation). */
function withoutArguments(body: unknown): unknown {
  const mutations = (body as { mutations?: unknown } | null)?.mutations;
  if (!Array.isArray(mutations)) return body;
  return { ...(body as object), mutations: mutations.map((m: unknown) => (m !== null && typeof m === 'object' ? { ...m, args: null } : m)) };
}

export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [name, value] of Object.entries(request.headers)) {
      if (controlCharacterPath(value, IN_HEADER) !== null) throw controlCharacterError(name);
    }
    const params = controlCharacterPath(plain(request.params), CONTROL_IN_LINE);
    if (params !== null) throw controlCharacterError(params);
    const query = controlCharacterPath(plain(request.query), CONTROL_IN_LINE);
    if (query !== null) throw controlCharacterError(query);
    const body = request.routeOptions.url === SYNC_PATHS.push ? withoutArguments(request.body) : request.body;
    checkControlCharacters(declaredFields(request.routeOptions.schema?.body, body));
  });
}
