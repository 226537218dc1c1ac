// creatorflow/client: a typed client for the public API, for Node 20+ and browsers. Its types
// are generated from the server's own OpenAPI document (api.gen.ts, by openapi-typescript)
// and its calls go through openapi-fetch; around them it adds the key, an Idempotency-Key on
// every write (the same one on each retry), retries on 429 and 5xx that honour Retry-After,
// and cursor pages as an async iterator.
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api.gen';

export type { paths, components, operations, webhooks } from './api.gen';

export interface CreatorflowClientOptions {
  /** The team server's address, e.g. https://creatorflow.example.com (no /api/v1). */
  baseUrl: string;
  /** An API key from the Developer area (sk_test_…). Keep it on your server, never in a page. */
  apiKey: string;
  /** Retries of a request answered 429 or 5xx, or not answered at all (default 3). */
  maxRetries?: number;
  /** Wait before a retry when the answer gives no Retry-After: this doubled each time (default 500 ms). */
  retryDelayMs?: number;
  /** The longest wait the client accepts between retries (default 60 s). */
  maxRetryDelayMs?: number;
  /** Another fetch (tests, proxies). Default: the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** How to wait (tests). Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Makes an Idempotency-Key for a write that has none. Default: crypto.randomUUID(). */
  idempotencyKey?: () => string;
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const RETRIED = (status: number) => status === 429 || status >= 500;

/** Seconds (or an HTTP date) of a Retry-After header as milliseconds, or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A fetch that adds the key and an Idempotency-Key to writes, and retries 429, 5xx and network failures. */
export function retryingFetch(options: CreatorflowClientOptions): typeof globalThis.fetch {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const maxRetries = options.maxRetries ?? 3;
  const firstDelay = options.retryDelayMs ?? 500;
  const maxDelay = options.maxRetryDelayMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const newKey = options.idempotencyKey ?? (() => globalThis.crypto.randomUUID());
  return async (input, init) => {
    const request = new Request(input, init);
    request.headers.set('authorization', `Bearer ${options.apiKey}`);
    // One key for the write and all its retries: the server applies it once.
    if (WRITES.has(request.method) && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', newKey());
    // The body is read once, so every attempt can send it again.
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let attempt = 0; ; attempt++) {
      const send = new Request(request, { body });
      let response: Response | null = null;
      try {
        response = await base(send);
      } catch (error) {
        if (attempt >= maxRetries) throw error;
      }
      if (response && (!RETRIED(response.status) || attempt >= maxRetries)) return response;
      const wait = retryAfterMs(response?.headers.get('retry-after') ?? null) ?? firstDelay * 2 ** attempt;
      await response?.body?.cancel();
      await sleep(Math.min(wait, maxDelay));
    }
  };
}

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type GetOk<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never;
/** The list routes: a GET whose answer is a page ({ <items>, total, has_more }). */
export type ListPath = { [P in keyof paths]: GetOk<P> extends { has_more: boolean } ? P : never }[keyof paths];
/** One item of a list route's page. */
export type ListItem<P extends ListPath> = { [K in keyof GetOk<P>]: GetOk<P>[K] extends readonly (infer I)[] ? I : never }[keyof GetOk<P>];
/** A list route's filters, without the cursor (the iterator moves it). */
export type ListQuery<P extends ListPath> = Omit<NonNullable<paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never>, 'starting_after'>;

/** The error an unsuccessful answer carries: the API's sentence, its code, the field it names and the request's id (quote it when asking for help). */
export class CreatorflowApiError extends Error {
  override name = 'CreatorflowApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

export interface CreatorflowClient extends Client<paths> {
  /**
   * Every item of a list route, page after page (`limit` per page, default 100), e.g.
   * `for await (const order of api.list('/api/v1/orders', { status: 'New' }))`.
   */
  list<P extends ListPath>(path: P, query?: ListQuery<P>): AsyncIterable<ListItem<P>>;
}

/** A typed client of the Creatorflow API. Every method of openapi-fetch (GET, POST, PATCH, …) plus `list`. */
export function createClient(options: CreatorflowClientOptions): CreatorflowClient {
  const client = createFetchClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: retryingFetch(options) });
  const list = <P extends ListPath>(path: P, query?: ListQuery<P>): AsyncIterable<ListItem<P>> => ({
    async *[Symbol.asyncIterator]() {
      let after: string | undefined;
      for (;;) {
        const params = { query: { limit: 100, ...(query ?? {}), ...(after ? { starting_after: after } : {}) } };
        // The list routes share one shape; openapi-fetch's GET is typed per path, so call it loosely here.
        const { data, error, response } = await (client.GET as (p: string, o: unknown) => Promise<{ data?: Record<string, unknown>; error?: components['schemas']['Error']; response: Response }>)(path, { params });
        if (!data) throw new CreatorflowApiError(response.status, error?.error ?? `HTTP ${response.status}`, error?.field, error?.code, error?.requestId ?? response.headers.get('request-id') ?? undefined);
        const items = Object.values(data).find(Array.isArray) as (ListItem<P> & { id: string })[];
        for (const item of items) yield item;
        if (!data.has_more || items.length === 0) return;
        after = items[items.length - 1].id;
      }
    },
  });
  return Object.assign(client, { list });
}
