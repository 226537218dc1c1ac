// The public API's declarations and its OpenAPI 3.1 document. A route is declared once
// (defineApiRoute): its valibot schemas, its success answer, and the refusals its handler can
// give; the statuses every route shares follow from what it takes (a key: 401 and 429; any
// input: 400; a body: 413 and 415). Fastify validates and serializes with the same schemas,
// and the document at /api/v1/openapi.json is generated from them: one source for the server,
// the Developer area's API Reference, /docs/api and the answer-validation tests.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { API_CODES, apiError } from './errors';

/** What the handler itself may refuse with, beyond the statuses every route shares. */
export type ApiRefusal = 403 | 404 | 409 | 422;
export type ApiSuccess = 200 | 201;

export interface ApiRouteSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  query?: v.GenericSchema;
  params?: v.GenericSchema;
  body?: v.GenericSchema;
  /** The success answer(s). */
  responses: Partial<Record<ApiSuccess, v.GenericSchema>>;
  /** The handler's own refusals: 403 (the key's role), 404 (a record), 409 (a rule). */
  refusals?: readonly ApiRefusal[];
  /** Takes an Idempotency-Key header; a replayed answer carries Idempotent-Replayed: true. */
  idempotent?: boolean;
}

/** A webhook event: its component's name, what it means, and the `data` it carries. */
export interface ApiWebhookSpec {
  /** The name of its body's schema among the document's components, e.g. OrderAttributedEvent. */
  name: string;
  summary: string;
  data: v.GenericSchema;
}
export const defineApiWebhook = <const W extends ApiWebhookSpec>(webhook: W): W => webhook;

/** Declares a route; the identity, typed, so `API_ROUTES` keeps every schema's own type. */
export const defineApiRoute = <const R extends ApiRouteSpec>(route: R): R => route;

export { apiError };

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'A parameter, the body or a header is not of the declared shape, a body field is not declared, or the path has a bad % escape (field names what)',
  401: 'Missing or invalid API key',
  403: 'The key’s role may not do this',
  404: 'Not found',
  409: 'A conflict with what is stored (a rule about the records, not the input), or an Idempotency-Key reused for a different request',
  413: 'The body is larger than 1 MiB',
  414: 'A part of the path is longer than 100 characters',
  415: 'The body is not JSON (send Content-Type: application/json)',
  422: 'The input is well-formed but a rule refuses it (field names the input)',
  429: 'Rate limit reached',
  503: 'The database is unreachable for a moment: try again after Retry-After seconds',
};

/** Every status a route can answer, in order: its successes, the shared ones and its own refusals. */
export function statusesOf(route: ApiRouteSpec): number[] {
  const statuses = new Set<number>(Object.keys(route.responses).map(Number));
  statuses.add(401).add(429).add(503);
  if (route.query || route.params || route.body || route.idempotent) statuses.add(400);
  if (route.params) statuses.add(414);
  if (route.body) statuses.add(413).add(415);
  for (const refusal of route.refusals ?? []) statuses.add(refusal);
  return [...statuses].sort((a, b) => a - b);
}

/** Fastify's response schemas of a route: its successes, and the error body for every other status. */
export function responseSchemasOf<R extends ApiRouteSpec>(route: R): R['responses'] & Record<number, v.GenericSchema> {
  const schemas = { ...route.responses } as Record<number, v.GenericSchema>;
  for (const status of statusesOf(route)) schemas[status] ??= apiError;
  return schemas;
}

type Json = Record<string, unknown>;

// Queries and paths arrive as text and are parsed: document what they become ('output').
const outputSchema = (schema: v.GenericSchema) => toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'output', errorMode: 'ignore' }) as Json;
const inputSchema = (schema: v.GenericSchema) => toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }) as Json;

function parametersOf(schema: v.GenericSchema | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = outputSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    delete rest.$schema;
    return { name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
/** The rate limit's headers, on every answer but a 503 (the database, which keeps the limit, being away). */
const RATE_LIMIT_HEADERS = { 'RateLimit-Limit': header('RateLimit-Limit'), 'RateLimit-Remaining': header('RateLimit-Remaining'), 'RateLimit-Reset': header('RateLimit-Reset'), 'RateLimit-Policy': header('RateLimit-Policy') };

function responsesOf(route: ApiRouteSpec): Record<string, Json> {
  const responses: Record<string, Json> = {};
  for (const status of statusesOf(route)) {
    const success = route.responses[status as ApiSuccess];
    let schema: Json = { $ref: '#/components/schemas/Error' };
    if (success) {
      schema = outputSchema(success);
      delete schema.$schema;
    }
    // The limit is counted in the database, which a 503 says is away.
    const headers: Json = status === 503 ? {} : { ...RATE_LIMIT_HEADERS };
    if (status === 429 || status === 503) headers['Retry-After'] = header('Retry-After');
    // A replay repeats the first answer, whatever it was; 401, 429 and 503 are never stored.
    if (route.idempotent && ![401, 429, 503].includes(status)) headers['Idempotent-Replayed'] = header('Idempotent-Replayed');
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Response',
      ...(Object.keys(headers).length ? { headers } : {}),
      content: { 'application/json': { schema } },
    };
  }
  return responses;
}

const integerHeader = (description: string) => ({ description, required: true, schema: { type: 'string', pattern: '^[0-9]+$' } });

/**
 * The webhooks part: each event posted to a subscribed endpoint as `{ id, type, timestamp, data }`
 * with Standard Webhooks headers, its body declared as a component.
 */
function webhooksOf(webhooks: Record<string, ApiWebhookSpec>) {
  const schemas: Record<string, Json> = {};
  const operations: Record<string, Json> = {};
  for (const [type, webhook] of Object.entries(webhooks)) {
    const data = outputSchema(webhook.data);
    delete data.$schema;
    schemas[webhook.name] = {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The event id: the same on every retry (webhook-id).' },
        type: { type: 'string', const: type },
        timestamp: { type: 'string', description: 'When the change happened (ISO 8601).' },
        data,
      },
      required: ['id', 'type', 'timestamp', 'data'],
    };
    operations[type] = {
      post: {
        operationId: type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase()),
        summary: webhook.summary,
        description: 'Signed with Standard Webhooks headers: webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256 with the endpoint’s whsec_ secret).',
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${webhook.name}` } } } },
        responses: { '200': { description: 'Any 2xx answer acknowledges the delivery; anything else is retried.' } },
      },
    };
  }
  return { schemas, operations };
}

export function openApiDocument(routes: Record<string, ApiRouteSpec>, webhooks: Record<string, ApiWebhookSpec> = {}) {
  const events = webhooksOf(webhooks);
  const paths: Record<string, Record<string, Json>> = {};
  for (const [operationId, route] of Object.entries(routes)) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    let requestBody: Json | undefined;
    if (route.body) {
      const json = inputSchema(route.body);
      delete json.$schema;
      requestBody = { required: true, content: { 'application/json': { schema: json } } };
    }
    const parameters: Json[] = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
    if (route.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Any unique text (1-255 visible ASCII characters): a retry with the same key, even one sent while the first is still running, returns the first answer.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId,
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Creatorflow API',
      version: '1',
      description:
        'Authenticate with `Authorization: Bearer sk_test_…` (a key made in the Developer area). The key is checked before anything else is answered (401), a path the API does not have (404), one too long (414) or with a bad escape (400) included; then its rate limit (429), then the request. The limit is a token bucket per key: RateLimit-Limit requests at once, refilled evenly over the RateLimit-Policy window (w, in seconds); requests without a valid key share their address’s bucket. Every answer but a 503 carries RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy, and counts against the limit, refusals included. Every error is the Error body: a sentence, a stable `code`, the `field` a bad input is about, and `requestId`, the same as the answer’s Request-Id header and the server’s log line for the request: quote it when asking for help. A body that is not of the declared shape, or has a field (at any depth) a route does not declare, is 400; a well-formed input a rule refuses (an invalid email, a price with 3 decimals) is 422 naming it; a conflict with what is stored is 409.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key, sk_test_…' } },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            error: { type: 'string', description: 'What is wrong, in a sentence.' },
            code: { type: 'string', description: `A stable code: ${API_CODES.join(', ')}.` },
            field: { type: 'string', description: 'The parameter, field (a path such as items.0.price) or header a bad input is about.' },
            requestId: { type: 'string', description: 'The request’s id, as in its Request-Id header and the server’s log line.' },
          },
          required: ['error', 'code', 'requestId'],
          additionalProperties: false,
        },
        ...events.schemas,
      },
      headers: {
        'RateLimit-Limit': integerHeader('Requests the key may make per window.'),
        'RateLimit-Remaining': integerHeader('Requests that would pass now.'),
        'RateLimit-Reset': integerHeader('Seconds until the whole limit is available again.'),
        'RateLimit-Policy': { description: 'The limit and the window over which it refills, in seconds, e.g. 120;w=60.', required: true, schema: { type: 'string', pattern: '^[0-9]+;w=[0-9]+$' } },
        'Retry-After': integerHeader('Seconds to wait before trying again.'),
        'Idempotent-Replayed': { description: 'true when this answer repeats the first answer to the same Idempotency-Key.', required: false, schema: { type: 'string', enum: ['true'] } },
      },
    },
    paths,
    ...(Object.keys(events.operations).length ? { webhooks: events.operations } : {}),
  };
}
