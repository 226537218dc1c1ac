// Delivers the mail outbox with the outbox loop (server/outbox/worker.ts). Each due row is
// claimed first (its next attempt moved a lease ahead, in a committed transaction, skipping
// rows another process holds), then rendered in
// its language and handed to the transport, then marked sent (its link-bearing parameters
// cleared) or rescheduled. Stopping waits for messages being handed over and records them, so
// a restart sends nothing twice; a process killed mid-send leaves the row claimed, and it is
// sent again when the lease runs out, with the same Message-ID.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { nextMailAttemptDelay, type MailStatus } from '../../lib/domain/mail';
import { isLanguageCode } from '../../lib/i18n/codes';
import type { Database, Executor } from '../db/client';
import * as t from '../db/schema';
import { systemWrite } from '../db/tx';
import { recordMailFailure } from '../../lib/mutators/system';
import { recordOutreachDelivery } from '../../lib/mutators/funnels';
import type { ArgsOf } from '../../lib/mutators';
import { claimDue, createOutboxWorker } from '../outbox/worker';
import { isMailTemplate, renderMail } from './templates';
import type { MailTransport } from './transport';

/** How long a claimed message is held before another attempt may take it (a crash mid-send). */
export const MAIL_LEASE_MS = 120_000;
const BATCH = 10;

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  now: () => Date;
  /** The server's link origin (server/http/links.ts), before the app's pages that messages link to. */
  origin: () => string;
  /** Told when a failure was written to a workspace's activity log (to poke its browsers). */
  onWorkspaceChanged?: (workspaceId: string, version: number) => void;
  /** One line per message handed over: recipient and subject only (never the body, which may hold a link). */
  onSent?: (info: { to: string; subject: string; file?: string }) => void;
  onError?: (error: unknown) => void;
}

export interface MailWorker {
  /** Sends every message due now; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /** Starts a pass now unless one is running. */
  kick(): void;
  start(intervalMs?: number): void;
  /** Stops taking messages; waits for those being handed over and records them. */
  stop(): Promise<void>;
}

const shortReason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 300) || 'Unknown error';

/** The outreach message an outbox row reports to (its parameters, read before a send clears them). */
function followedOutreach(row: typeof t.mailOutbox.$inferSelect): { funnelId: string; outreachId: string; activityId?: string } | null {
  if (row.template !== 'outreach') return null;
  const params = row.params as { funnelId?: unknown; outreachId?: unknown; activityId?: unknown } | null;
  if (typeof params?.funnelId !== 'string' || typeof params.outreachId !== 'string') return null;
  return { funnelId: params.funnelId, outreachId: params.outreachId, ...(typeof params.activityId === 'string' ? { activityId: params.activityId } : {}) };
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, now, transport } = options;
  async function attempt(row: typeof t.mailOutbox.$inferSelect) {
    const follow = followedOutreach(row);
    let subject = row.subject;
    let error: unknown = null;
    let permanent = false;
    try {
      if (!isMailTemplate(row.template)) {
        permanent = true;
        throw new Error(`Unknown message template "${row.template}"`);
      }
      const language = isLanguageCode(row.language) ? row.language : 'en-US';
      let rendered;
      try {
        rendered = await renderMail(row.template, language, row.params, { origin: options.origin() });
      } catch (cause) {
        permanent = true;
        throw cause;
      }
      subject = rendered.subject;
      const { file } = await transport.send({ id: row.id, fromName: row.fromName, to: row.toAddress, replyTo: row.replyTo, date: row.createdAt, ...rendered });
      options.onSent?.({ to: row.toAddress, subject, file });
    } catch (cause) {
      error = cause;
    }
    const attempts = row.attempts + 1;
    const at = now();
    if (!error) {
      // The link in the parameters has done its work: only the recipient and subject stay.
      await db
        .update(t.mailOutbox)
        .set({ status: 'sent', attempts, subject, params: {}, lastError: null, sentAt: at })
        .where(eq(t.mailOutbox.id, row.id));
      if (follow) await recordOutreach({ ...follow, status: 'sent' }, row.workspaceId, at);
      return;
    }
    const reason = shortReason(error);
    const delay = permanent ? null : nextMailAttemptDelay(attempts);
    if (delay !== null) {
      await db
        .update(t.mailOutbox)
        .set({ attempts, subject, lastError: reason, nextAttemptAt: new Date(at.getTime() + delay) })
        .where(eq(t.mailOutbox.id, row.id));
    } else {
      await db.update(t.mailOutbox).set({ status: 'failed', attempts, subject, params: {}, lastError: reason }).where(eq(t.mailOutbox.id, row.id));
    }
    // The team hears of a message's first failure and of giving it up, not of every retry; an
    // outreach email's own message and activity entry say it.
    if (attempts !== 1 && delay !== null) return;
    if (follow) await recordOutreach({ ...follow, status: 'failed', reason, givenUp: delay === null }, row.workspaceId, at);
    else await logFailure(row.workspaceId, row.toAddress, subject ?? row.template, reason, delay === null, at);
  }

  async function recordOutreach(args: ArgsOf<'funnels.recordOutreachDelivery'>, workspaceId: string, at: Date) {
    const { version } = await systemWrite({
      db,
      workspaceId,
      mutator: recordOutreachDelivery,
      args,
      meta: { now: at.toISOString(), idSeed: `mo${randomUUID().replace(/-/g, '').slice(0, 16)}` },
      now,
    });
    options.onWorkspaceChanged?.(workspaceId, version);
  }

  async function logFailure(workspaceId: string, to: string, subject: string, reason: string, givenUp: boolean, at: Date) {
    const { version } = await systemWrite({
      db,
      workspaceId,
      mutator: recordMailFailure,
      args: { subject, to, reason, givenUp },
      meta: { now: at.toISOString(), idSeed: `ml${randomUUID().replace(/-/g, '').slice(0, 16)}` },
      now,
    });
    options.onWorkspaceChanged?.(workspaceId, version);
  }

  return createOutboxWorker(
    {
      claim: () => claimDue(db, t.mailOutbox, { at: now(), leaseMs: MAIL_LEASE_MS, batch: BATCH }),
      attempt,
      close: () => transport.close(),
    },
    { defaultIntervalMs: 2000, onError: options.onError },
  );
}

/** What Settings shows Admins: where mail goes, and the latest message's failure if its last attempt failed. */
export async function mailStatus(db: Executor, workspaceId: string, transport: MailTransport['kind'] | null): Promise<MailStatus> {
  const [latest] = await db
    .select({ status: t.mailOutbox.status, lastError: t.mailOutbox.lastError, createdAt: t.mailOutbox.createdAt })
    .from(t.mailOutbox)
    .where(and(eq(t.mailOutbox.workspaceId, workspaceId), gt(t.mailOutbox.attempts, 0)))
    .orderBy(desc(t.mailOutbox.createdAt), desc(t.mailOutbox.id))
    .limit(1);
  const failed = latest && latest.status !== 'sent' && latest.lastError;
  return {
    transport,
    lastFailure: failed ? { at: latest.createdAt.toISOString(), reason: latest.lastError!, givenUp: latest.status === 'failed' } : null,
  };
}
