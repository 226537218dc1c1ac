// The Developer area's server-only data (API keys, webhook endpoints and deliveries, the API's
// OpenAPI document), read and changed through the team server's JSON routes. Keys and secrets
// are never synced into the browser's workspace: a new key's secret is shown once, from the
// answer that created it.
import type { WebhookEventType } from '../domain/types';
import type { Role } from '../domain/types';
import type { ServerErrorBody } from '../domain/server-errors';

export interface ApiKeyInfo {
  id: string;
  name: string;
  role: Role;
  lastFour: string;
  allowedOrigins: string[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface WebhookEndpointInfo {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
  disabledAt: string | null;
  disabledReason: string | null;
}

export interface WebhookDeliveryInfo {
  id: string;
  endpointId: string;
  type: WebhookEventType;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  payload: Record<string, unknown>;
}

export interface DeveloperClient {
  keys(): Promise<ApiKeyInfo[]>;
  createKey(draft: { name: string; role: Role; allowedOrigins?: string[] }): Promise<{ key: ApiKeyInfo; secret: string }>;
  regenerateKey(id: string): Promise<{ key: ApiKeyInfo; secret: string }>;
  revokeKey(id: string): Promise<ApiKeyInfo>;
  webhooks(): Promise<{ endpoints: WebhookEndpointInfo[]; deliveries: WebhookDeliveryInfo[] }>;
  addEndpoint(draft: { url: string; events: string[] }): Promise<{ endpoint: WebhookEndpointInfo; secret: string }>;
  updateEndpoint(id: string, draft: { url: string; events: string[] }): Promise<WebhookEndpointInfo>;
  endpointSecret(id: string): Promise<string>;
  removeEndpoint(id: string): Promise<void>;
  sendTestEvent(id: string): Promise<void>;
  openApi(): Promise<unknown>;
}

/** A refusal from the server, with its message for the user (English) and the body's code, if any. */
export class DeveloperRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ServerErrorBody> = { error: message },
  ) {
    super(message);
  }
}

/** A JSON call to the page's team server (same-origin, with the session cookie); a refusal throws DeveloperRequestError. */
export function createServerCaller(options: { server?: string; fetch?: typeof fetch } = {}) {
  const server = (options.server ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${server}${path}`, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new DeveloperRequestError(0, 'The team server cannot be reached. Check your connection and try again.');
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const body = parsed as Partial<ServerErrorBody> | null;
      if (body && typeof body.error === 'string') throw new DeveloperRequestError(response.status, body.error, body);
      throw new DeveloperRequestError(response.status, `The server answered ${response.status}`);
    }
    return parsed as T;
  };
}

export function createDeveloperClient(options: { server?: string; fetch?: typeof fetch } = {}): DeveloperClient {
  const call = createServerCaller(options);

  return {
    keys: async () => (await call<{ keys: ApiKeyInfo[] }>('GET', '/developer/keys')).keys,
    createKey: (draft) => call('POST', '/developer/keys', draft),
    regenerateKey: (id) => call('POST', `/developer/keys/${encodeURIComponent(id)}/regenerate`, {}),
    revokeKey: async (id) => (await call<{ key: ApiKeyInfo }>('DELETE', `/developer/keys/${encodeURIComponent(id)}`)).key,
    webhooks: () => call('GET', '/developer/webhooks'),
    addEndpoint: (draft) => call('POST', '/developer/webhooks', draft),
    updateEndpoint: async (id, draft) => (await call<{ endpoint: WebhookEndpointInfo }>('POST', `/developer/webhooks/${encodeURIComponent(id)}`, draft)).endpoint,
    endpointSecret: async (id) => (await call<{ secret: string }>('GET', `/developer/webhooks/${encodeURIComponent(id)}/secret`)).secret,
    removeEndpoint: async (id) => {
      await call('DELETE', `/developer/webhooks/${encodeURIComponent(id)}`);
    },
    sendTestEvent: async (id) => {
      await call('POST', `/developer/webhooks/${encodeURIComponent(id)}/test`, {});
    },
    openApi: () => call('GET', '/api/v1/openapi.json'),
  };
}

let configured: DeveloperClient | null | undefined;

/** Sets (or with null, removes) the client the Developer area uses; tests and embedders call it. */
export function configureDeveloperClient(client: DeveloperClient | null) {
  configured = client;
}

/**
 * The client for the page's team server: the server marks the host page it serves with
 * `<meta name="cf-server">`. Without a server there is none, and the Developer area shows its
 * sample data, labelled as such.
 */
export function developerClient(): DeveloperClient | null {
  if (configured !== undefined) return configured;
  if (typeof document === 'undefined' || !document.querySelector('meta[name="cf-server"]')) return null;
  configured = createDeveloperClient();
  return configured;
}
