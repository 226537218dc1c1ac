// The webhook outbox: events go in with the change that caused them (same database
// transaction), so a change is never committed without its events nor an event sent for a
// change that rolled back.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { webhookEventsFor, type DomainEvent, type RecordChange } from '../../lib/domain/webhooks';
import type { DbTx, Executor } from '../db/client';
import * as t from '../db/schema';

export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** The body every attempt sends (and "View Payload" shows). */
export function eventBody(id: string, type: string, createdAt: Date, data: Record<string, unknown>) {
  return { id, type, timestamp: createdAt.toISOString(), data };
}

/** Writes one outbox row per subscribed, enabled endpoint of the workspace. */
export async function enqueueEvents(tx: DbTx | Executor, workspaceId: string, events: readonly DomainEvent[], now: Date, onlyEndpoint?: string): Promise<string[]> {
  if (events.length === 0) return [];
  const endpoints = await tx
    .select({ id: t.webhookEndpoints.id, events: t.webhookEndpoints.events })
    .from(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.workspaceId, workspaceId), isNull(t.webhookEndpoints.disabledAt)));
  const rows = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (onlyEndpoint ? endpoint.id !== onlyEndpoint : !endpoint.events.includes(event.type)) continue;
      const id = newMessageId();
      rows.push({
        id,
        workspaceId,
        endpointId: endpoint.id,
        eventType: event.type,
        payload: eventBody(id, event.type, now, event.data),
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  if (rows.length) await tx.insert(t.webhookDeliveries).values(rows);
  return rows.map((row) => row.id);
}

/** The events of a transaction's writes, queued in that transaction; answers how many deliveries were queued. */
export async function enqueueForChanges(tx: DbTx, workspaceId: string, changes: readonly RecordChange[], now: Date): Promise<number> {
  const events = webhookEventsFor(changes);
  return (await enqueueEvents(tx, workspaceId, events, now)).length;
}
