// The OpenAPI 3.1 document of /api/v1, generated from the very valibot schemas the routes
// validate and serialize with (server/api/v1.ts): one source for the server, the Developer
// area's API Reference and /docs/api.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

interface RouteSpec {
  method: string;
  url: string;
  summary: string;
  query?: v.GenericSchema;
  params?: v.GenericSchema;
  body?: v.GenericSchema;
  responses: Record<number, v.GenericSchema>;
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

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 400: 'Bad parameter', 401: 'Missing or invalid API key', 403: 'The key’s role may not do this', 404: 'Not found', 409: 'Refused by a rule', 429: 'Rate limit reached' };

export function openApiDocument(routes: Record<string, RouteSpec>) {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [operationId, route] of Object.entries(routes)) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, Json> = {};
    for (const [code, schema] of Object.entries(route.responses)) {
      const json = outputSchema(schema);
      delete json.$schema;
      responses[code] = { description: STATUS_TEXT[Number(code)] ?? 'Response', content: { 'application/json': { schema: json } } };
    }
    for (const code of [400, 401, 429]) responses[code] ??= { description: STATUS_TEXT[code], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    let requestBody: Json | undefined;
    if (route.body) {
      const json = inputSchema(route.body);
      delete json.$schema;
      requestBody = { required: true, content: { 'application/json': { schema: json } } };
    }
    const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
    if (operationId === 'createFunnel')
      parameters.push({ name: 'Idempotency-Key', in: 'header' as 'query', required: false, description: 'Any unique text: a retry with the same key returns the first answer.', schema: { type: 'string', maxLength: 255 } });
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId,
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Creatorflow API',
      version: '1',
      description: 'Authenticate with `Authorization: Bearer sk_test_…` (a key made in the Developer area). Every response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key, sk_test_…' } },
      schemas: { Error: { type: 'object', properties: { error: { type: 'string' }, field: { type: 'string' } }, required: ['error'] } },
    },
    paths,
  };
}
