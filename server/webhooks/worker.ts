// Delivers the webhook outbox with the outbox loop (server/outbox/worker.ts). Each due row is
// first claimed (its next attempt moved a lease ahead, in a committed transaction, skipping
// rows another process holds), then posted with
// Standard Webhooks headers, then marked delivered, rescheduled or failed. A process that
// dies mid-delivery leaves the row claimed: when the lease runs out it is sent again, with
// the same webhook-id, so receivers can drop the duplicate. A process that stops gracefully
// abandons its requests in flight and hands their rows back, so another process sends them at once.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ENDPOINT_DISABLED_REASON, nextAttemptDelay } from '../../lib/domain/webhooks';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { systemWrite } from '../db/tx';
import { disableEndpoint as disableEndpointMutator } from '../../lib/mutators/system';
import { claimDue, createOutboxWorker, releaseLeases } from '../outbox/worker';
import { checkTarget, type ResolvedAddress, type Resolver } from './targets';
import { memberRecipients, queueMail } from '../mail/outbox';

/** The endpoint was disabled already: nothing to write, nobody to tell again. */
class AlreadyDisabled extends Error {}

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
  // Stopping abandons requests in flight and records nothing of them: their rows are handed
  // back (release) and sent again, with the same webhook-id, by whichever process claims them next.
  const abandon = new AbortController();
  const unrecorded: { id: string; nextAttemptAt: Date }[] = [];

  /** The due deliveries of endpoints not disabled, with their endpoint's address and secret. */
  async function claim() {
    const enabled = db.select({ id: t.webhookEndpoints.id }).from(t.webhookEndpoints).where(isNull(t.webhookEndpoints.disabledAt));
    const rows = await claimDue(db, t.webhookDeliveries, { at: now(), leaseMs: LEASE_MS, batch: BATCH, also: inArray(t.webhookDeliveries.endpointId, enabled) });
    if (rows.length === 0) return [];
    const endpoints = await db
      .select({ id: t.webhookEndpoints.id, url: t.webhookEndpoints.url, secret: t.webhookEndpoints.secret })
      .from(t.webhookEndpoints)
      .where(inArray(t.webhookEndpoints.id, [...new Set(rows.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return rows.flatMap((row) => {
      const endpoint = byId.get(row.endpointId);
      return endpoint ? [{ ...row, url: endpoint.url, secret: endpoint.secret }] : [];
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
    if (worker.stopped) return void unrecorded.push({ id: row.id, nextAttemptAt: row.nextAttemptAt });
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
    let version: number;
    try {
      ({ version } = await systemWrite({
        db,
        workspaceId,
        mutator: disableEndpointMutator,
        args: { endpointId, url },
        meta: { now: at.toISOString(), idSeed: `wh${at.getTime().toString(36)}` },
        now,
        // The Admins get the "Webhook endpoint disabled" email below, not also the notification's.
        txOptions: { emailNotifications: false },
        beforeCommit: async ({ tx: dbTx }) => {
          const disabled = await dbTx
            .update(t.webhookEndpoints)
            .set({ disabledAt: at, disabledReason: ENDPOINT_DISABLED_REASON })
            .where(and(eq(t.webhookEndpoints.id, endpointId), isNull(t.webhookEndpoints.disabledAt)))
            .returning({ id: t.webhookEndpoints.id });
          if (disabled.length === 0) throw new AlreadyDisabled();
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
        },
      }));
    } catch (error) {
      // Another process disabled it first: its team was told once, by that process.
      if (error instanceof AlreadyDisabled) return;
      throw error;
    }
    options.onMailQueued?.();
    options.onWorkspaceChanged?.(workspaceId, version);
  }

  const release = async () => {
    await releaseLeases(db, t.webhookDeliveries, unrecorded.splice(0), now());
  };
  const worker = createOutboxWorker({ claim, attempt, abandon: () => abandon.abort(), release }, { defaultIntervalMs: 1000, onError: options.onError });
  return worker;
}
