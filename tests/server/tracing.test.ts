// OpenTelemetry traces: the SDK exports over OTLP/HTTP (JSON) to a receiver on loopback in this
// process. Each push is one trace: the request's span (method, route pattern, status) with one
// span per mutation inside it (name, outcome); an unknown name is pooled, never repeated. On
// PostgreSQL each query a mutation asks is a span inside the mutation's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from '../../server/http/tracing-sdk';
import type { Tracing } from '../../server/http/tracing';
import { SEED_TIME } from './fixture';
import { DB_KINDS, startServer, type TestServer } from './harness';
import { eventually, listenOnLoopback, MOVING_STEP, pushLive, signInLive } from './http-live';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

/** A tiny OTLP/HTTP receiver: every span of every POST /v1/traces, as JSON. */
function otlpReceiver(): Promise<{ server: Server; url: string; spans: OtlpSpan[]; contentTypes: string[] }> {
  const spans: OtlpSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') return void response.writeHead(404).end();
      contentTypes.push(String(request.headers['content-type']));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, spans, contentTypes })),
  );
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};
const meta = (seed: string) => ({ now: SEED_TIME.toISOString(), idSeed: seed });

// One SDK for the file: it registers itself as the process's tracer provider.
let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
let tracing: Tracing;
beforeAll(async () => {
  receiver = await otlpReceiver();
  tracing = startTracing(receiver.url, 'creatorflow-test');
});
afterAll(async () => {
  await tracing?.shutdown();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

describe.each(DB_KINDS)('traces on %s', (kind) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startServer(kind, { tracing });
    base = await listenOnLoopback(server.app);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('exports one trace per push: the request span, and each mutation span inside it', async () => {
    const earlier = new Set(receiver.spans.map((span) => span.traceId));
    const editor = await signInLive(base, 'editor');
    const clientID = `trace-client-${kind}`;
    const first = await pushLive(editor, clientID, [
      { id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 7 }, meta: meta(`tr1${kind}`) },
      { id: 2, name: 'no.suchChange', args: {}, meta: meta(`tr2${kind}`) },
    ]);
    expect(first.status).toBe(200);
    const second = await pushLive(editor, clientID, [{ id: 3, ...MOVING_STEP, meta: meta(`tr3${kind}`) }]);
    expect(second.status).toBe(200);

    // The request span ends once the answer is sent (its mutations' before it): wait until both are exported.
    const pushSpans = () => receiver.spans.filter((span) => span.name === 'POST /sync/push' && !earlier.has(span.traceId));
    await eventually(async () => {
      await tracing.flush();
      return pushSpans().length >= 2;
    });
    expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);

    const traces = pushSpans();
    expect(traces).toHaveLength(2);
    expect(new Set(traces.map((span) => span.traceId)).size).toBe(2);
    const [one, two] = traces.map((request) => {
      const inTrace = receiver.spans.filter((span) => span.traceId === request.traceId);
      // A push is its own trace: its request span is the root, and nothing else shares it but its mutations.
      expect(request.parentSpanId || undefined).toBeUndefined();
      expect(attribute(request, 'http.route')).toBe('/sync/push');
      expect(attribute(request, 'http.response.status_code')).toBe(200);
      const mutations = inTrace.filter((span) => span.name.startsWith('mutation '));
      for (const span of mutations) expect(span.parentSpanId).toBe(request.spanId);
      // The rest are the mutations' database queries (PostgreSQL; PGlite has no query hook), inside them.
      const queries = inTrace.filter((span) => span !== request && !mutations.includes(span));
      for (const span of queries) expect([span.name, mutations.some((mutation) => mutation.spanId === span.parentSpanId)]).toEqual(['db query', true]);
      expect(queries.length > 0).toBe(kind === 'postgres');
      return mutations.map((span) => [span.name, attribute(span, 'creatorflow.mutation.name'), attribute(span, 'creatorflow.mutation.outcome')]);
    });
    expect(one).toEqual([
      ['mutation inventory.setQuantity', 'inventory.setQuantity', 'applied'],
      ['mutation (unknown)', '(unknown)', 'rejected'],
    ]);
    expect(two).toEqual([['mutation funnels.saveStep', 'funnels.saveStep', 'applied']]);
    // Never a raw URL in a span name: the sign-in is named by its route pattern.
    expect(receiver.spans.some((span) => span.name === 'POST /auth/signin')).toBe(true);
    expect(receiver.spans.every((span) => !span.name.includes('?'))).toBe(true);
  });
});

describe('tracing off', () => {
  it('adds no span and no hook: a push answers as before', async () => {
    const server = await startServer('pglite');
    try {
      const before = receiver.spans.length;
      const base = await listenOnLoopback(server.app);
      const editor = await signInLive(base, 'editor');
      expect((await pushLive(editor, 'untraced', [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 9 }, meta: meta('trOff') }])).status).toBe(200);
      await tracing.flush();
      expect(receiver.spans.length).toBe(before);
      expect(server.app.hasRequestDecorator('traceSpan')).toBe(false);
    } finally {
      await server.close();
    }
  });
});
