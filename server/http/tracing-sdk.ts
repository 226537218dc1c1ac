// The OpenTelemetry SDK, loaded only when an OTLP endpoint is set (server/main.ts imports it
// then): spans are batched and sent over OTLP/HTTP as JSON.
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Tracing } from './tracing';

/** Starts the OpenTelemetry SDK exporting spans over OTLP/HTTP (JSON) to `url`. */
export function startTracing(url: string, serviceName = 'creatorflow-server'): Tracing {
  const processor = new BatchSpanProcessor(new OTLPTraceExporter({ url }));
  const sdk = new NodeSDK({ serviceName, spanProcessors: [processor], instrumentations: [] });
  sdk.start();
  return {
    tracer: trace.getTracer('creatorflow-server'),
    flush: () => processor.forceFlush(),
    shutdown: () => sdk.shutdown(),
  };
}

