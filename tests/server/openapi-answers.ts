// Checks real answers of the public API against its own OpenAPI document with an independent
// validator (ajv, JSON Schema 2020-12): the status must be declared for the operation, the body
// must fit that status's schema, every required header must be there and fit its schema, and
// the API's own headers (RateLimit-*, Retry-After, Idempotent-Replayed) must not appear where
// the document does not declare them. Every API test file ends by calling
// `expectAnswersFollowOpenApi(server)` on all the answers its clients received.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Exchange, TestServer } from './harness';

type Json = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, Json>; content?: Record<string, { schema: Json }> }> }>>;
  components: { headers: Record<string, Json> };
}

/** Headers the API sets itself: each must be declared where it appears. */
const OWN_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy', 'retry-after', 'idempotent-replayed'];

/** What a path no operation has may be answered: no key, no such path, a bad escape, a part too long, the limit. */
const ROUTER_ANSWERS = [400, 401, 404, 414, 429];

const headerText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The problems of `exchanges` (those to /api/v1 operations) against `doc`; `checked` counts the answers looked at. */
export function answerProblems(doc: Doc, exchanges: readonly Exchange[]): { problems: string[]; checked: number } {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi');
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ path, method, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`) })),
  );
  const problems: string[] = [];
  let checked = 0;
  for (const exchange of exchanges) {
    const path = exchange.url.split('?')[0];
    if (!path.startsWith('/api/v1/') || path === '/api/v1/openapi.json') continue;
    const operation = operations.find((op) => op.method === exchange.method.toLowerCase() && op.pattern.test(path));
    const what = `${exchange.method} ${exchange.url} → ${exchange.status}`;
    if (exchange.status >= 400) {
      const requestId = (JSON.parse(exchange.body) as { requestId?: unknown }).requestId;
      if (requestId !== exchange.headers['request-id']) problems.push(`${what}: body's requestId ${String(requestId)} is not the Request-Id header ${headerText(exchange.headers['request-id'])}`);
    }
    if (!operation && ROUTER_ANSWERS.includes(exchange.status)) {
      // A path no operation has (or one the router cannot take): the Error body, with the RateLimit headers.
      checked += 1;
      const validate = ajv.getSchema('openapi#/components/schemas/Error');
      if (!validate?.(JSON.parse(exchange.body))) problems.push(`${what}: body ${exchange.body.slice(0, 200)} ${ajv.errorsText(validate?.errors)}`);
      for (const name of OWN_HEADERS.slice(0, 4)) if (exchange.headers[name] === undefined) problems.push(`${what}: required header ${name} missing`);
      continue;
    }
    if (!operation) {
      problems.push(`${what}: no such operation in the document`);
      continue;
    }
    checked += 1;
    const response = doc.paths[operation.path][operation.method].responses[String(exchange.status)];
    if (!response) {
      problems.push(`${what}: status not declared`);
      continue;
    }
    const schema = response.content?.['application/json']?.schema;
    if (schema) {
      if (!/^application\/json/.test(headerText(exchange.headers['content-type']))) problems.push(`${what}: not JSON (${headerText(exchange.headers['content-type'])})`);
      else {
        const validate = ajv.getSchema(`openapi#/${pointer('paths', operation.path, operation.method, 'responses', String(exchange.status), 'content', 'application/json', 'schema')}`);
        if (!validate) problems.push(`${what}: schema not found`);
        else if (!validate(JSON.parse(exchange.body))) problems.push(`${what}: body ${exchange.body.slice(0, 200)} ${ajv.errorsText(validate.errors)}`);
      }
    }
    const declared = new Map<string, Json>();
    for (const [name, value] of Object.entries(response.headers ?? {})) {
      const ref = typeof value.$ref === 'string' ? value.$ref : undefined;
      declared.set(name.toLowerCase(), ref ? doc.components.headers[ref.split('/').pop()!] : value);
    }
    for (const [name, header] of declared) {
      const value = exchange.headers[name];
      if (value === undefined) {
        if (header.required) problems.push(`${what}: required header ${name} missing`);
        continue;
      }
      const validate = ajv.compile(header.schema as Json);
      if (!validate(headerText(value))) problems.push(`${what}: header ${name}: ${headerText(value)} ${ajv.errorsText(validate.errors)}`);
    }
    for (const name of OWN_HEADERS) if (exchange.headers[name] !== undefined && !declared.has(name)) problems.push(`${what}: header ${name} not declared`);
  }
  return { problems, checked };
}

/** Every /api/v1 answer `server`'s clients received follows the document the server publishes. */
export async function expectAnswersFollowOpenApi(server: TestServer, atLeast = 1) {
  const answers = [...server.exchanges];
  const doc = (await server.client().get('/api/v1/openapi.json')).json<Doc>();
  const { problems, checked } = answerProblems(doc, answers);
  expect(problems).toEqual([]);
  expect(checked).toBeGreaterThanOrEqual(atLeast);
}

/**
 * The API's error body `response` must carry, exactly: its sentence, its code, the field it
 * names (if any) and the request's id, which is the answer's own Request-Id header.
 */
export function apiError(response: LightMyRequestResponse, code: string, error: string, field?: string) {
  const requestId = response.headers['request-id'];
  expect(requestId).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
  return { error, code, ...(field === undefined ? {} : { field }), requestId };
}
