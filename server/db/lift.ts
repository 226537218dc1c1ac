// Rows written before records carried messages keep only their English: activity entries,
// notifications and order history notes. After the SQL migrations, the server gives each of
// them its message once, read from that English by the same functions that lift a browser's
// stored records (lib/schema/records.ts), and notes in `data_migrations` that it did.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { liftActivityEntry, liftNotification, liftOrderNotes } from '../../lib/schema/records';
import type { ActivityMessage, NotificationMessage, OrderHistoryEntry } from '../../lib/domain/types';
import type { Executor } from './client';
import * as t from './schema';

export const LIFT_STORED_ENGLISH = 'records-say-messages';
const BATCH = 500;

/** Reads rows still to lift, a batch at a time, and lifts each, until a batch comes back short: how many it lifted. */
async function inBatches<R>(read: () => Promise<R[]>, lift: (row: R) => Promise<void>): Promise<number> {
  let count = 0;
  for (;;) {
    const rows = await read();
    for (const row of rows) await lift(row);
    count += rows.length;
    if (rows.length < BATCH) return count;
  }
}

/** Gives every activity entry, notification and order note without a message its message; once per database. */
export async function liftStoredEnglish(db: Executor): Promise<{ activity: number; notifications: number; orders: number }> {
  const lifted = { activity: 0, notifications: 0, orders: 0 };
  const [done] = await db.select({ name: t.dataMigrations.name }).from(t.dataMigrations).where(eq(t.dataMigrations.name, LIFT_STORED_ENGLISH));
  if (done) return lifted;
  await db.transaction(async (tx) => {
    lifted.activity = await inBatches(
      () =>
        tx
          .select({ workspaceId: t.activity.workspaceId, id: t.activity.id, action: t.activity.action, details: t.activity.details })
          .from(t.activity)
          .where(isNull(t.activity.message))
          .limit(BATCH),
      async (row) => {
        const { message } = liftActivityEntry({ action: row.action, details: row.details }) as { message: ActivityMessage };
        await tx.update(t.activity).set({ message }).where(and(eq(t.activity.workspaceId, row.workspaceId), eq(t.activity.id, row.id)));
      },
    );
    lifted.notifications = await inBatches(
      () =>
        tx
          .select({ workspaceId: t.notifications.workspaceId, id: t.notifications.id, title: t.notifications.title, message: t.notifications.message })
          .from(t.notifications)
          .where(isNull(t.notifications.said))
          .limit(BATCH),
      async (row) => {
        const { said } = liftNotification({ title: row.title, message: row.message }) as { said: NotificationMessage };
        await tx.update(t.notifications).set({ said }).where(and(eq(t.notifications.workspaceId, row.workspaceId), eq(t.notifications.id, row.id)));
      },
    );
    // Orders whose history holds a note (a string, as the lift reads it) without its message.
    const unlifted = sql`exists (select 1 from jsonb_array_elements(${t.orders.history}) as entry where jsonb_typeof(entry -> 'note') = 'string' and not entry ? 'said')`;
    lifted.orders = await inBatches(
      () => tx.select({ workspaceId: t.orders.workspaceId, id: t.orders.id, history: t.orders.history }).from(t.orders).where(unlifted).limit(BATCH),
      async (row) => {
        const { history } = liftOrderNotes({ history: row.history }) as { history: OrderHistoryEntry[] };
        await tx.update(t.orders).set({ history }).where(and(eq(t.orders.workspaceId, row.workspaceId), eq(t.orders.id, row.id)));
      },
    );
    await tx.insert(t.dataMigrations).values({ name: LIFT_STORED_ENGLISH }).onConflictDoNothing();
  });
  return lifted;
}
