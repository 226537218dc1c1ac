// Developer area and integration rules (spec §2 "Developer area", "Integrations", §4 "API key", §7, §9 "sk_test_").
import { API_KEY_PREFIX } from './constants';
import { message, type MessageKey } from './messages';
import {
  accept,
  fail,
  refuse,
  ok,
  WEBHOOK_EVENT_TYPES,
  type ApiEndpointDoc,
  type IntegrationCategory,
  type IntegrationCredentials,
  type Result,
  type WebhookEventType,
} from './types';

/** Random bytes in a key: 24 bytes = 48 hex characters after the prefix. */
export const API_KEY_BYTES = 24;

/** A test key from random bytes (the caller passes crypto.getRandomValues output). */
export function apiKeyFromBytes(bytes: Uint8Array): string {
  return API_KEY_PREFIX + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Shows the prefix and the last 4 characters only. */
export function maskApiKey(key: string): string {
  if (key.length <= API_KEY_PREFIX.length + 4) return key;
  return `${API_KEY_PREFIX}${'•'.repeat(12)}${key.slice(-4)}`;
}

/** Endpoint search: method, path, description or a parameter name, case-insensitively. */
export function filterEndpoints(docs: readonly ApiEndpointDoc[], query: string): ApiEndpointDoc[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...docs];
  return docs.filter((doc) =>
    [doc.method, doc.path, `${doc.method} ${doc.path}`, doc.description, ...doc.parameters.map((p) => p.name)].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

/** An endpoint URL must be a valid https URL (webhooks and integrations send data there). */
export function validateHttpsUrl(raw: string, label: MessageKey = 'integrations.webhookUrl'): Result<string> {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('domain.integrations.urlInvalid', { label: message(label) });
  }
  if (url.protocol !== 'https:') return refuse('domain.integrations.urlHttps', { label: message(label) });
  if (!url.hostname) return refuse('domain.integrations.urlHost', { label: message(label) });
  return ok(url.toString());
}

export interface IntegrationConfig {
  apiKey: string;
  webhookUrl: string;
}

/** Configure Integration: an API key is required to connect; a webhook URL is optional but must be https. */
export function validateIntegrationConfig(config: IntegrationConfig): Result<{ apiKey: string; webhookUrl?: string }> {
  const apiKey = config.apiKey.trim();
  if (!apiKey) return refuse('domain.integrations.apiKeyRequired');
  if (/\s/.test(apiKey)) return refuse('domain.integrations.apiKeySpaces');
  if (!config.webhookUrl.trim()) return ok({ apiKey });
  const url = validateHttpsUrl(config.webhookUrl);
  if (!url.ok) return url;
  return ok({ apiKey, webhookUrl: url.value });
}

/** What a screen may show of a secret: its last four characters, and only when that leaves enough hidden. */
export function secretHint(value: string): string {
  return value.length >= 12 ? value.slice(-4) : '';
}

/** A URL as far as it may be shown beside a secret or to anyone but an Admin: its host. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** What the integration record keeps of checked credentials: hints, never the values. */
export function integrationCredentialsOf(config: { apiKey: string; webhookUrl?: string }): IntegrationCredentials {
  const webhookHost = config.webhookUrl ? urlHost(config.webhookUrl) : '';
  return { apiKeyHint: secretHint(config.apiKey), ...(webhookHost ? { webhookHost } : {}) };
}

export const EMBED_ORIGIN_MESSAGE = 'Each allowed origin must be https://… (or http://localhost or http://127.0.0.1 for local development)';

/**
 * An origin a partner page may call from with embed sessions: https, or plain http on the
 * loopback names for local development. Answers the canonical origin (scheme://host[:port]).
 * Everything else (file:, data:, javascript: and the "null" origin they all share, http to
 * another host) is refused: such a page has no origin that can be told apart from another.
 */
export function validateEmbedOrigin(raw: string): Result<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail(EMBED_ORIGIN_MESSAGE);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return fail(EMBED_ORIGIN_MESSAGE);
  if (url.origin === 'null' || url.username || url.password) return fail(EMBED_ORIGIN_MESSAGE);
  return ok(url.origin);
}

export interface WebhookSettings {
  /** Empty until the user sets one. */
  endpointUrl: string;
  events: WebhookEventType[];
}

/**
 * The workspace's developer settings: the Webhooks tab. No API key lives in the workspace:
 * real keys are the team server's (hashed there), and the browser-only screen's sample key
 * is the screen's own, never stored or synced.
 */
export type DeveloperSettings = WebhookSettings;

export function validateWebhookSettings(draft: { endpointUrl: string; events: readonly string[] }): Result<WebhookSettings> {
  const url = validateHttpsUrl(draft.endpointUrl, 'developer.endpointUrl');
  if (!url.ok) return url;
  const events = WEBHOOK_EVENT_TYPES.filter((type) => draft.events.includes(type));
  if (events.length === 0) return refuse('domain.developer.chooseEvent');
  return accept({ endpointUrl: url.value, events }, 'domain.developer.webhookSaved');
}

/** Category tabs of the Integrations screen (spec §2) and the category each shows. */
export const INTEGRATION_TABS: readonly { value: 'all' | IntegrationCategory; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'communication', label: 'Email & SMS' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'webhooks', label: 'Webhooks' },
];

type JsonSchema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; required?: string[]; anyOf?: JsonSchema[]; description?: string; minimum?: number; maximum?: number; $ref?: string };
interface OpenApiOperation {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function typeName(schema: JsonSchema | undefined): string {
  if (!schema) return 'string';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'integer') return 'number';
  if (type === 'array') return `${typeName(schema.items)}[]`;
  return type ?? 'object';
}

/** A response example built from a schema: the shape an integrator gets, with placeholder values. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return exampleOf(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, depth + 1)]));
    case 'array':
      return [exampleOf(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'string';
  }
}

/**
 * The API Reference's entries from the server's OpenAPI document (GET /api/v1/openapi.json),
 * so the Developer area and /docs/api describe exactly the routes the server validates.
 */
export function endpointDocsFromOpenApi(document: unknown): ApiEndpointDoc[] {
  const paths = (document as { paths?: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>> } | null)?.paths;
  if (!paths || typeof paths !== 'object') return [];
  const docs: ApiEndpointDoc[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).map((p) => ({
        name: p.name,
        type: typeName(p.schema),
        required: Boolean(p.required),
        description: p.description ?? (p.in === 'header' ? 'Header' : ''),
      }));
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {}))
        parameters.push({ name, type: typeName(schema), required: Boolean(body?.required?.includes(name)), description: schema.description ?? '' });
      const success = Object.keys(operation.responses ?? {}).find((code) => code.startsWith('2'));
      const schema = success ? operation.responses?.[success]?.content?.['application/json']?.schema : undefined;
      docs.push({
        method: method.toUpperCase() as ApiEndpointDoc['method'],
        path,
        description: operation.summary ?? '',
        parameters,
        statusCode: success ? Number(success) : undefined,
        response: JSON.stringify(exampleOf(schema), null, 2),
      });
    }
  }
  return docs;
}
