// OpenTelemetry traces, for whoever runs the server: off unless an OTLP endpoint is set
// (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces added).
// On, each request is one span named by its method and route pattern (never the URL, which may
// hold a token) with its status; each mutation a push runs is a span inside it, with its name
// and outcome. Spans are started from Fastify hooks and the push handler: nothing is patched,
// and with tracing off no hook is added and the SDK
// (server/http/tracing-sdk.ts) is never loaded.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mutationLabel } from './request-log';

export interface Tracing {
  tracer: Tracer;
  /** Sends every finished span now (tests; a stopping process). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** A span for one mutation of a push, inside the request's span; `end` says its outcome. */
export interface MutationSpan {
  /** Runs `fn` with this span current, so the database queries it asks are spans inside it. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  end(outcome: string): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's span, when tracing is on. */
    traceSpan?: Span;
  }
}

/** One span per request, from when it arrives until its answer is sent. */
export function registerTracing(app: FastifyInstance, tracing: Tracing) {
  app.decorateRequest('traceSpan', undefined);
  app.addHook('onRequest', async (request) => {
    // A caller's W3C traceparent makes this request part of its trace.
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    request.traceSpan = tracing.tracer.startSpan(`${request.method} ${request.routeOptions.url ?? '(unmatched)'}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } }, parent);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = request.traceSpan;
    if (!span) return;
    span.setAttribute('http.route', request.routeOptions.url ?? '(unmatched)');
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

/** A mutation's span inside the request's, or nothing when tracing is off. Unknown names are pooled. */
export function startMutationSpan(tracing: Tracing | undefined, request: FastifyRequest, name: string): MutationSpan | null {
  if (!tracing || !request.traceSpan) return null;
  const mutation = mutationLabel(name);
  const span = tracing.tracer.startSpan(`mutation ${mutation}`, { attributes: { 'creatorflow.mutation.name': mutation } }, trace.setSpan(context.active(), request.traceSpan));
  return {
    run: (fn) => context.with(trace.setSpan(context.active(), span), fn),
    end(outcome) {
      span.setAttribute('creatorflow.mutation.outcome', outcome);
      if (outcome === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/**
 * A span for each database query asked inside a mutation's span (PostgreSQL: the pool calls it
 * as a query is asked): named `db query`, never with its SQL or its values.
 */
export function traceQueries(tracing: Tracing, onQueryStart: (start: () => ((failed: boolean) => void) | null) => () => void) {
  return onQueryStart(() => {
    const parent = trace.getSpan(context.active());
    if (!parent) return null;
    const span = tracing.tracer.startSpan('db query', { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql' } });
    return (failed) => {
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
  });
}
