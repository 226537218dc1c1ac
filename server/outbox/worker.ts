// The loop both outboxes (mail, webhook deliveries) are delivered by. A pass claims the rows
// due now (their next attempt moved a lease ahead, in a committed transaction, skipping rows
// another process holds), then attempts each with the outbox's sender, which records the
// attempt: done, rescheduled by its backoff, or given up. A process that dies mid-attempt
// leaves its rows claimed: when the lease runs out they are attempted again, with the same id.
// A process that stops gracefully hands back the rows it claimed and did not record
// (releaseLeases), so another process attempts them at once.
import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type * as t from '../db/schema';

/** A table of rows waiting to be sent: an id, a status (`pending` until done or given up) and the next attempt's time. */
type OutboxTable = typeof t.mailOutbox | typeof t.webhookDeliveries;

/**
 * Claims up to `batch` pending rows of `table` due at `at` (and matching `also`), moving their
 * next attempt `leaseMs` ahead, in one committed transaction; rows another process has locked
 * are skipped. Resolves with the claimed rows as leased.
 */
export async function claimDue<T extends OutboxTable>(db: Database, table: T, options: { at: Date; leaseMs: number; batch: number; also?: SQL }): Promise<T['$inferSelect'][]> {
  // Both tables have these columns under the same names.
  const q = table as typeof t.mailOutbox;
  const { at } = options;
  const isDue = and(eq(q.status, 'pending'), lte(q.nextAttemptAt, at), options.also);
  // Most passes find nothing due: one plain read says so, without a transaction and its locks
  // (on PGlite, which runs in the server's thread, a pass is then one short statement).
  const [any] = await db.select({ id: q.id }).from(q).where(isDue).limit(1);
  if (!any) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: q.id })
      .from(q)
      .where(isDue)
      .orderBy(asc(q.nextAttemptAt))
      .limit(options.batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    return tx
      .update(q)
      .set({ nextAttemptAt: new Date(at.getTime() + options.leaseMs) })
      .where(inArray(q.id, ids))
      .returning();
  });
}

/**
 * Hands claimed rows back: their next attempt is `at` again, for rows still pending and still
 * under this claim's lease (a row another process claimed since, or one recorded, is left alone).
 */
export async function releaseLeases<T extends OutboxTable>(db: Database, table: T, rows: { id: string; nextAttemptAt: Date }[], at: Date): Promise<number> {
  const q = table as typeof t.mailOutbox;
  let released = 0;
  const byLease = new Map<number, string[]>();
  for (const row of rows) byLease.set(row.nextAttemptAt.getTime(), [...(byLease.get(row.nextAttemptAt.getTime()) ?? []), row.id]);
  for (const [lease, ids] of byLease) {
    const done = await db
      .update(q)
      .set({ nextAttemptAt: at })
      .where(and(inArray(q.id, ids), eq(q.status, 'pending'), eq(q.nextAttemptAt, new Date(lease))))
      .returning({ id: q.id });
    released += done.length;
  }
  return released;
}

/** What one outbox sends and how. */
export interface OutboxSender<Row> {
  /** Claims the rows due now (claimDue). */
  claim(): Promise<Row[]>;
  /** Attempts one claimed row and records the attempt. */
  attempt(row: Row): Promise<void>;
  /** Stopping, before the pass running ends (abandon requests in flight). */
  abandon?(): void;
  /** Stopping, after the pass running ended: hand back the rows claimed and not recorded (releaseLeases). */
  release?(): Promise<void>;
  /** Stopping, after the pass running ended (close the transport). */
  close?(): void;
}

export interface OutboxWorker {
  /** Attempts every row due now; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /** Starts a pass now unless one is running (which will be followed by the timer's next). */
  kick(): void;
  /** Runs deliverDue every `intervalMs` (production). */
  start(intervalMs?: number): void;
  /** Stops taking rows; waits for the pass running. */
  stop(): Promise<void>;
  /** True once stop() was called. */
  readonly stopped: boolean;
}

export function createOutboxWorker<Row>(sender: OutboxSender<Row>, options: { defaultIntervalMs: number; onError?: (error: unknown) => void }): OutboxWorker {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;
  const report = (error: unknown) => options.onError?.(error);

  async function deliverDue(): Promise<number> {
    if (stopped) return 0;
    // One pass at a time in this process; other processes are kept apart by the row locks.
    while (running) await running;
    const pass = (async () => {
      const rows = await sender.claim();
      await Promise.all(rows.map((row) => sender.attempt(row).catch(report)));
      return rows.length;
    })();
    running = pass;
    try {
      return await pass;
    } finally {
      running = null;
    }
  }

  return {
    deliverDue,
    kick() {
      if (!running && !stopped) deliverDue().catch(report);
    },
    start(intervalMs = options.defaultIntervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) deliverDue().catch(report);
      }, intervalMs);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      sender.abandon?.();
      if (running) await running.catch(() => undefined);
      await sender.release?.().catch(report);
      sender.close?.();
    },
    get stopped() {
      return stopped;
    },
  };
}
