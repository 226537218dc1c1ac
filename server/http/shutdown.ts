// A graceful stop (SIGTERM, SIGINT): the process first says it is not ready (/readyz answers
// 503), tells its event streams to reconnect (to another process, behind a load balancer),
// and refuses new ones; after the drain delay it stops listening, finishes the requests in
// flight (pushes are answered and kept), stops its outbox workers (handing back the rows they
// claimed, so another process sends them at once) and closes the database. The entry
// (server/main.ts) exits when this resolves, or after SHUTDOWN_BOUND_MS whatever happens.
import type { FastifyInstance } from 'fastify';

/** The longest a stop takes, drain delay included: past it the process exits anyway. */
export const SHUTDOWN_BOUND_MS = 10_000;
/** How long the process keeps serving with /readyz failing, before it stops listening (CREATORFLOW_DRAIN_DELAY_MS). */
export const DEFAULT_DRAIN_DELAY_MS = 1_000;
/** The SSE `retry:` an ending stream leaves the browser: reconnect at once, to whichever process answers. */
export const RECONNECT_HINT_MS = 250;

export interface Lifecycle {
  /** True once a stop began: /readyz fails and new event streams are refused. */
  readonly draining: boolean;
  /** Starts draining (once): readiness fails and open event streams are told to reconnect. */
  startDraining(): void;
  /** Registers what ends an open event stream with the reconnect hint. */
  onDrain(fn: () => void): () => void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  const streams = new Set<() => void>();
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      if (draining) return;
      draining = true;
      for (const end of [...streams]) end();
      streams.clear();
    },
    onDrain(fn) {
      streams.add(fn);
      return () => void streams.delete(fn);
    },
  };
}

/** The whole stop: drain, wait `drainDelayMs`, then close (listener, requests in flight, workers, database). */
export async function shutDown(app: FastifyInstance, options: { drainDelayMs: number }): Promise<void> {
  app.lifecycle.startDraining();
  const delay = Math.max(0, Math.min(options.drainDelayMs, SHUTDOWN_BOUND_MS / 2));
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  await app.close();
}
