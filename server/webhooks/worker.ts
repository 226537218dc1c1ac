// Delivers the webhook outbox. Each due row is first claimed (its next attempt moved a lease
// ahead, in a committed transaction, skipping rows another process holds), then posted with
// Standard Webhooks headers, then marked delivered, rescheduled or failed. A process that
// dies mid-delivery leaves the row claimed: when the lease runs out it is sent again, with
// the same webhook-id, so receivers can drop the duplicate.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { ENDPOINT_DISABLED_REASON, nextAttemptDelay } from '../../lib/domain/webhooks';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { withServerTx } from '../db/tx';
import { checkTarget, type ResolvedAddress, type Resolver } from './targets';
import { memberRecipients, queueMail } from '../mail/outbox';

/** How long a claimed delivery is held before another attempt may take it (a crash mid-request). */
export const LEASE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
const BATCH = 20;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the endpoint's whsec_ secret. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** One POST of a delivery to the address that was checked; resolves with the answer's status. */
export type WebhookSender = (target: { url: URL; address: ResolvedAddress }, message: { headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<number>;

/**
 * node:http(s) to the checked address: the host name is not looked up again between the check
 * and the connection (no DNS rebinding), TLS still verifies the certificate against the name,
 * and redirects are not followed (a 3xx is a failed attempt).
 */
export const pinnedSender: WebhookSender = ({ url, address }, { headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const lookup: LookupFunction = (_name, options, callback) => {
      if (options.all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      {
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        ...(url.protocol === 'https:' ? { servername: host } : {}),
        signal,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });

export interface WebhookWorkerOptions {
  db: Database;
  now: () => Date;
  /** How a delivery is sent (tests pass one that never answers); pinnedSender unless given. */
  send?: WebhookSender;
  /** Where deliveries may go: loopback only with the development setting; the resolver is for tests. */
  targets?: { allowLoopback: boolean; resolve?: Resolver };
  /** Told when an endpoint's disabling queued its email to the Admins. */
  onMailQueued?: () => void;
  /** Told when an endpoint is disabled (to poke the workspace's browsers). */
  onWorkspaceChanged?: (workspaceId: string, version: number) => void;
  onError?: (error: unknown) => void;
}

export interface WebhookWorker {
  /** Sends every delivery due now; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /** Starts a pass now unless one is running (which will be followed by the timer's next). */
  kick(): void;
  /** Runs deliverDue every `intervalMs` (production). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, now } = options;
  const send = options.send ?? pinnedSender;
  const targets = options.targets ?? { allowLoopback: false };
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;
  // Stopping abandons requests in flight and records nothing of them: like a crash, their rows
  // stay claimed and are sent again (same webhook-id) when the lease runs out.
  let stopped = false;
  const abandon = new AbortController();

  async function claim() {
    const at = now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: t.webhookDeliveries.id })
        .from(t.webhookDeliveries)
        .innerJoin(t.webhookEndpoints, eq(t.webhookEndpoints.id, t.webhookDeliveries.endpointId))
        .where(and(eq(t.webhookDeliveries.status, 'pending'), lte(t.webhookDeliveries.nextAttemptAt, at), isNull(t.webhookEndpoints.disabledAt)))
        .orderBy(asc(t.webhookDeliveries.nextAttemptAt))
        .limit(BATCH)
        .for('update', { of: t.webhookDeliveries, skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      const leased = new Date(at.getTime() + LEASE_MS);
      await tx.update(t.webhookDeliveries).set({ nextAttemptAt: leased }).where(inArray(t.webhookDeliveries.id, ids));
      return tx
        .select({
          id: t.webhookDeliveries.id,
          workspaceId: t.webhookDeliveries.workspaceId,
          endpointId: t.webhookDeliveries.endpointId,
          payload: t.webhookDeliveries.payload,
          attempts: t.webhookDeliveries.attempts,
          url: t.webhookEndpoints.url,
          secret: t.webhookEndpoints.secret,
        })
        .from(t.webhookDeliveries)
        .innerJoin(t.webhookEndpoints, eq(t.webhookEndpoints.id, t.webhookDeliveries.endpointId))
        .where(inArray(t.webhookDeliveries.id, ids));
    });
  }

  async function attempt(row: Awaited<ReturnType<typeof claim>>[number]) {
    const body = JSON.stringify(row.payload);
    const timestamp = Math.floor(now().getTime() / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(row.url);
      // Checked again at every attempt: the name may resolve elsewhere than at registration.
      const target = await checkTarget(url, targets);
      if (!target.ok) error = `Refused: ${target.error}`;
      else {
        statusCode = await send(
          { url, address: target.address },
          {
            signal: AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), abandon.signal]),
            headers: {
              'content-type': 'application/json',
              'user-agent': 'Creatorflow-Webhooks/1',
              'webhook-id': row.id,
              'webhook-timestamp': String(timestamp),
              'webhook-signature': signWebhook(row.secret, row.id, timestamp, body),
            },
            body,
          },
        );
        if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
      }
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (stopped) return;
    const attempts = row.attempts + 1;
    const at = now();
    if (!error) {
      await db
        .update(t.webhookDeliveries)
        .set({ status: 'delivered', attempts, lastStatusCode: statusCode, lastError: null, deliveredAt: at })
        .where(eq(t.webhookDeliveries.id, row.id));
      return;
    }
    const delay = nextAttemptDelay(attempts);
    if (delay !== null) {
      await db
        .update(t.webhookDeliveries)
        .set({ attempts, lastStatusCode: statusCode, lastError: error.slice(0, 500), nextAttemptAt: new Date(at.getTime() + delay) })
        .where(eq(t.webhookDeliveries.id, row.id));
      return;
    }
    await db
      .update(t.webhookDeliveries)
      .set({ status: 'failed', attempts, lastStatusCode: statusCode, lastError: error.slice(0, 500) })
      .where(eq(t.webhookDeliveries.id, row.id));
    await disableEndpoint(row.workspaceId, row.endpointId, row.url, at);
  }

  /** Every retry over about a day failed: the endpoint stops receiving until an admin looks, and the team is told. */
  async function disableEndpoint(workspaceId: string, endpointId: string, url: string, at: Date) {
    const reason = ENDPOINT_DISABLED_REASON;
    // The Admins get the "Webhook endpoint disabled" email below, not also the notification's.
    const txOptions = { meta: { now: at.toISOString(), idSeed: `wh${at.getTime().toString(36)}` }, emailNotifications: false };
    const { version } = await withServerTx(db, workspaceId, null, txOptions, async (tx, dbTx) => {
      const disabled = await dbTx
        .update(t.webhookEndpoints)
        .set({ disabledAt: at, disabledReason: reason })
        .where(and(eq(t.webhookEndpoints.id, endpointId), isNull(t.webhookEndpoints.disabledAt)))
        .returning({ id: t.webhookEndpoints.id });
      if (disabled.length === 0) return;
      tx.put(
        'notifications',
        {
          id: `nt_wh_${endpointId}_${at.getTime().toString(36)}`,
          type: 'email',
          title: 'Webhook endpoint disabled',
          message: `${url} failed every delivery attempt for a day and was disabled. An Admin can re-enable it in the Developer area.`,
          timestamp: at.toISOString(),
          read: false,
          snoozedUntil: null,
        },
        { prepend: true },
      );
      tx.log({ action: 'Webhook endpoint disabled', actionType: 'system', details: `${url}: ${reason.toLowerCase()}`, status: 'error' });
      const [workspace] = await dbTx.select({ name: t.workspaces.name }).from(t.workspaces).where(eq(t.workspaces.id, workspaceId));
      for (const admin of await memberRecipients(dbTx, workspaceId, { admins: true }))
        await queueMail(dbTx, {
          workspaceId,
          to: admin.email,
          template: 'webhookDisabled',
          language: admin.language,
          params: { url, workspaceName: workspace?.name ?? '', developerPath: '/developer' },
          now: at,
        });
    });
    options.onMailQueued?.();
    options.onWorkspaceChanged?.(workspaceId, version);
  }

  async function deliverDue(): Promise<number> {
    if (stopped) return 0;
    // One pass at a time in this process; other processes are kept apart by the row locks.
    while (running) await running;
    const pass = (async () => {
      const rows = await claim();
      await Promise.all(rows.map((row) => attempt(row).catch((error: unknown) => options.onError?.(error))));
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
      if (!running && !stopped) deliverDue().catch((error: unknown) => options.onError?.(error));
    },
    start(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) deliverDue().catch((error: unknown) => options.onError?.(error));
      }, intervalMs);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      abandon.abort();
      if (running) await running.catch(() => undefined);
    },
  };
}
