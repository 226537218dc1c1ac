// Sync: the browser pushes its mutations in order and pulls what changed since the version it
// holds; a server-sent-events stream pokes it after every commit. The server runs the very
// mutators the browser ran (lib/mutators), authorized from the member as stored, and its
// result wins.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { fail } from '../../lib/domain/types';
import { MUTATORS, isMutationName } from '../../lib/mutators';
import type { Mutator } from '../../lib/mutators/types';
import { errorBody } from '../../lib/domain/server-errors';
import { HEARTBEAT_EVENT, HEARTBEAT_MS, NOT_AUTHOR_CODE, POKE_EVENT, RECONNECT_EVENT, SYNC_PATHS, type PulledRecord, type PullResponse, type PushResult } from '../../lib/sync/protocol';
import { ROUTE_ONLY_MUTATIONS, SIGNED_OUT_MESSAGE } from '../../lib/domain/permissions';
import { HttpError, sessionToken, type ServerContext } from '../context';
import { REMOVED_MESSAGE, signedIn } from '../http/auth';
import { loadRecords } from '../db/records';
import * as t from '../db/schema';
import { runMutation } from '../db/tx';
import type { ValibotTypeProvider } from '../http/valibot';
import { loggableError } from '../validation';
import { OUTREACH_MUTATIONS, outreachEmail } from '../portal/outreach';
import { SESSIONS_ENDED, type PokeHub } from './pokes';
import { findSession } from '../auth/sessions';
import { RECONNECT_HINT_MS } from '../http/shutdown';
import type { PullAnswers } from './pull-answers';
import { decodeCursor, encodeCursor, firstPage, laterPage, PAGE_SIZE, wholeWorkspace } from './pull-pages';
import type { Role } from '../../lib/domain/types';
import { CREDENTIAL_MUTATIONS, CREDENTIALS_BY_ROUTE_MESSAGE } from '../integrations/credentials';
import { changedSince, changedUpTo, everything, forRole, lastMutationIdOf, VersionMoved, versionAndLastMutation } from './reads';
import { startMutationSpan } from '../http/tracing';
import { addLogFields, mutationLabel } from '../http/request-log';
import { embedPrincipal, embedSecretOf, visibleToEmbed, type EmbedPrincipal } from '../api/embed';


/** A refused mutation's code and the HTTP status it stands for. */
const REFUSAL = {
  invalid: { code: 'invalid', status: 400 },
  forbidden: { code: 'forbidden', status: 403 },
  rejected: { code: 'rejected', status: 409 },
  error: { code: 'serverError', status: 500 },
} as const;

/** Most mutations one push may carry; a client with more sends them in several pushes. */
export const MAX_PUSH = 500;

const pushBody = v.object({
  clientID: v.pipe(v.string('clientID must be text'), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'clientID must be 1-128 letters, digits, - or _')),
  memberId: v.optional(v.pipe(v.string('memberId must be text'), v.maxLength(200, 'memberId is too long'))),
  mutations: v.pipe(
    v.array(
      v.object({
        id: v.pipe(v.number('id must be a number'), v.safeInteger('id must be a whole number'), v.minValue(1, 'id must be at least 1')),
        name: v.pipe(v.string('name must be text'), v.maxLength(100, 'name is too long')),
        args: v.unknown(),
        meta: v.unknown(),
      }),
      'mutations must be a list',
    ),
    v.maxLength(MAX_PUSH, `A push carries at most ${MAX_PUSH} mutations`),
  ),
});

const pullQuery = v.object({
  since: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'since must be a version number'), v.transform(Number)), '0'),
  clientID: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'clientID must be 1-128 letters, digits, - or _'))),
  /** With since=0: the workspace in pages of about this many records (without it, in one answer). */
  pageSize: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'pageSize must be a number'),
      v.transform(Number),
      v.minValue(PAGE_SIZE.min, `pageSize must be at least ${PAGE_SIZE.min}`),
      v.maxValue(PAGE_SIZE.max, `pageSize must be at most ${PAGE_SIZE.max}`),
    ),
  ),
  /** The next page of a paged first pull, as the last page said. */
  cursor: v.optional(v.pipe(v.string(), v.maxLength(10_000, 'cursor is too long'))),
});

/** A write outside an embed session's screens: refused, counted as processed. */
const outsideEmbed = (name: string): Mutator<string> => ({
  name,
  permission: { kind: 'signedIn' },
  args: v.unknown(),
  reads: () => [],
  run: () => fail('This embedded screen cannot make this change'),
});

/**
 * A write made only by its own route: one that carries credentials, or one that goes with
 * server-only rows (lib/domain/permissions.ts). Never through sync.
 */
const byRoute = (known: Mutator<string>, said: string): Mutator<string> => ({
  name: known.name,
  // Authorized as the real mutator is, so a refusal for the role still reads as one.
  permission: known.permission,
  args: v.unknown(),
  reads: () => [],
  run: () => fail(said),
});
export const ROUTE_ONLY_MESSAGE = 'This change is made only by the server, with the data that goes with it';

/** A name the server does not know still counts as processed, refused, so the client moves on. */
const unknownMutator = (name: string): Mutator<string> => ({
  name,
  permission: { kind: 'signedIn' },
  args: v.unknown(),
  reads: () => [],
  run: () => fail(`Unknown change: ${name}`),
});

/** Who syncs: a signed-in member, or a partner's embed session (its key, role and screens). */
interface SyncPrincipal {
  workspaceId: string;
  memberId: string;
  /** What the records sent to it may show (an embed session's role, or the member's as stored). */
  role: Role;
  embed?: EmbedPrincipal;
}

export async function syncRoutes(instance: FastifyInstance, { ctx, pokes, pullAnswers: answers }: { ctx: ServerContext; pokes: PokeHub; pullAnswers: PullAnswers }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  /**
   * PGlite runs one query at a time and a transaction holds it until it ends: a long pull read
   * in one snapshot would hold every push behind it. There, pulls read the version first and
   * then the records in chunks outside a transaction; PostgreSQL reads one snapshot, which
   * holds nobody.
   */
  const chunkedReads = ctx.handle.kind === 'pglite';
  // Open event streams of embed sessions, by key: a regenerated or revoked key ends them at once.
  const embedStreams = new Map<string, Set<() => void>>();
  ctx.embedStreams = {
    end(keyId) {
      for (const end of embedStreams.get(keyId) ?? []) end();
      embedStreams.delete(keyId);
    },
  };

  /** Who the auth hook let in (auth: 'memberOrEmbed'; a removed member was told so there). */
  function principalOf(request: FastifyRequest): SyncPrincipal {
    const embed = request.embed;
    if (embed) return { workspaceId: embed.workspaceId, memberId: embed.member.id, role: embed.role, embed };
    const session = signedIn(request);
    return { workspaceId: session.workspace.id, memberId: session.member.id, role: session.member.role };
  }

  app.post(SYNC_PATHS.push, { schema: { body: pushBody }, config: { auth: 'memberOrEmbed' } }, async (request, reply) => {
    const who = principalOf(request);
    const workspaceId = who.workspaceId;
    const { clientID, mutations } = request.body;
    addLogFields(request, reply, { mutations: mutations.map((mutation) => mutationLabel(mutation.name)) });
    // Changes queued on this browser by another member are never applied as this one.
    if (request.body.memberId !== undefined && request.body.memberId !== who.memberId)
      return reply.code(403).send(errorBody('These changes were made by another member: they wait for that member to sign in', 'memberId', { code: NOT_AUTHOR_CODE }));
    const results: PushResult[] = [];
    let lastVersion = 0;
    // The client's last mutation id as the last outcome left it (read again when it does not say).
    let lastMutationID: number | undefined;
    let queuedWebhooks = false;
    let queuedMail = false;
    for (const mutation of mutations) {
      const known = isMutationName(mutation.name) ? (MUTATORS[mutation.name] as unknown as Mutator<string>) : unknownMutator(mutation.name);
      // An embedded screen makes only its own screens' writes.
      const mutator =
        who.embed && !who.embed.mayWrite(mutation.name)
          ? outsideEmbed(mutation.name)
          : CREDENTIAL_MUTATIONS.has(mutation.name)
            ? byRoute(known, CREDENTIALS_BY_ROUTE_MESSAGE)
            : isMutationName(mutation.name) && ROUTE_ONLY_MUTATIONS.has(mutation.name)
              ? byRoute(known, ROUTE_ONLY_MESSAGE)
              : known;
      const span = startMutationSpan(ctx.tracing, request, mutation.name);
      const run = () =>
        runMutation({
          db: ctx.db,
          workspaceId,
          memberId: who.memberId,
          ...(who.embed ? { apiKeyId: who.embed.keyId, apiKeyRole: who.embed.role } : {}),
          clientID,
          mutationID: mutation.id,
          mutator,
          args: mutation.args,
          meta: mutation.meta,
          now: ctx.now,
          onError: (error) => request.log.error({ err: loggableError(error), mutation: mutation.name }, 'mutation failed'),
          // Outreach emails the creator, in the same transaction.
          inTransaction: outreachEmail(mutation.name, { workspaceId, origin: ctx.linkOrigin(), now: ctx.now() }),
        });
      const outcome = await (span ? span.run(run) : run());
      span?.end(outcome.status);
      if (outcome.status === 'forbidden' && outcome.error === SIGNED_OUT_MESSAGE) {
        // No longer an active member of the workspace (removed while this push ran): nothing more is taken.
        if (lastVersion) pokes.poke(workspaceId, lastVersion);
        return reply.code(403).send(errorBody(REMOVED_MESSAGE, undefined, { code: 'removed' }));
      }
      ctx.metrics?.mutation(mutation.name, outcome.status);
      lastMutationID = 'lastMutationID' in outcome ? outcome.lastMutationID : undefined;
      if (outcome.status === 'applied') {
        lastVersion = Math.max(lastVersion, outcome.version);
        queuedWebhooks ||= outcome.queuedWebhooks === true;
        // Outreach queued the creator's email in its transaction (server/portal/outreach.ts).
        queuedMail ||= outcome.queuedMail === true || OUTREACH_MUTATIONS.has(mutation.name);
        results.push({ id: mutation.id, ok: true });
      } else if (outcome.status === 'skipped') results.push({ id: mutation.id, ok: true });
      // Each refusal is that mutation's answer: the ones behind it are still run.
      else
        results.push({ id: mutation.id, ok: false, error: outcome.error, ...(outcome.status === 'rejected' && outcome.problem ? { problem: outcome.problem } : {}), ...REFUSAL[outcome.status] });
    }
    if (lastVersion) pokes.poke(workspaceId, lastVersion);
    // A change queued webhook events: deliver them now rather than at the next tick.
    if (queuedWebhooks) ctx.webhooks?.kick();
    if (queuedMail) ctx.mail?.kick();
    reply.header('cache-control', 'no-store');
    return { lastMutationID: lastMutationID ?? (await lastMutationIdOf(ctx.db, workspaceId, clientID)), results };
  });

  app.get(SYNC_PATHS.pull, { schema: { querystring: pullQuery }, config: { auth: 'memberOrEmbed' } }, async (request, reply) => {
    const who = principalOf(request);
    const workspaceId = who.workspaceId;
    const { since, clientID } = request.query;
    const embed = who.embed;
    /** The records as this principal may see them: filtered for its role, and an embed session's to its screens. */
    const forPrincipal = (visible: PulledRecord[]) =>
      embed ? [...visible.filter((r) => visibleToEmbed(embed, r.collection, r.id)), { collection: 'team' as const, id: embed.member.id, value: embed.member }] : visible;
    reply.header('cache-control', 'no-store');
    const { pageSize, cursor } = request.query;
    if (since === 0 && pageSize !== undefined) {
      const page = cursor === undefined ? await firstPageAnswer() : await laterPageAnswer(cursor, pageSize);
      return {
        version: page.version,
        lastMutationID: page.lastMutationID,
        records: forPrincipal(forRole(page.records, who.role)),
        full: true,
        ...(page.rest.length ? { cursor: encodeCursor({ w: workspaceId, v: page.version, m: page.lastMutationID, rest: page.rest }), partial: page.rest.map(([name]) => name) } : {}),
        memberId: who.memberId,
        workspaceId,
      } satisfies PullResponse;
    }
    if (since > 0) {
      // What changed since a version: the answer most clients ask for at once after a poke,
      // shared. One statement reads the version and this client's last mutation (one snapshot).
      const head = await versionAndLastMutation(ctx.db, workspaceId, clientID);
      if (since <= head.version) {
        const shared =
          since === head.version
            ? []
            : await answers.get({ workspaceId, since, version: head.version, role: who.role }, () => changesAt(workspaceId, since, head.version, who.role)).catch((error: unknown) => {
                if (error instanceof VersionMoved) return null;
                throw error;
              });
        if (shared) return { version: head.version, lastMutationID: head.lastMutationID, records: forPrincipal(shared), full: false, memberId: who.memberId, workspaceId } satisfies PullResponse;
      }
    }
    /** A paged first pull's first page, with the version and last mutation id it was read at (one snapshot). */
    function firstPageAnswer() {
      return ctx.db.transaction(
        async (tx) => {
          const head = await versionAndLastMutation(tx, workspaceId, clientID);
          return { ...head, ...(await firstPage(tx, workspaceId)) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    }
    /** A later page: the version and last mutation id are the first page's, carried by the cursor. */
    async function laterPageAnswer(text: string, size: number) {
      const at = decodeCursor(text, workspaceId);
      if (!at) throw new HttpError(400, 'This pull cursor is not valid: pull again from the first page', 'cursor');
      return { version: at.v, lastMutationID: at.m, ...(await laterPage(ctx.db, workspaceId, at.rest, size)) };
    }
    if (chunkedReads) {
      // PGlite: the version first, then the records a chunk at a time (see changedUpTo, wholeWorkspace).
      const head = await versionAndLastMutation(ctx.db, workspaceId, clientID);
      const full = since === 0 || since > head.version;
      const all = full ? await wholeWorkspace(ctx.db, workspaceId) : since === head.version ? [] : await changedUpTo(ctx.db, workspaceId, since, head.version);
      return { version: head.version, lastMutationID: head.lastMutationID, records: forPrincipal(forRole(all, who.role)), full, memberId: who.memberId, workspaceId } satisfies PullResponse;
    }
    // One snapshot: the version and the records it describes agree.
    return ctx.db.transaction(
      async (tx): Promise<PullResponse> => {
        const [row] = await tx.select({ version: t.workspaceVersions.version }).from(t.workspaceVersions).where(eq(t.workspaceVersions.workspaceId, workspaceId));
        const version = row?.version ?? 0;
        const lastMutationID = clientID ? await lastMutationIdOf(tx, workspaceId, clientID) : 0;
        const full = since === 0 || since > version;
        // Nothing committed since: no table needs reading (most pulls after a poke of one's own push).
        const all = full ? await everything(tx, workspaceId) : since === version ? [] : await changedSince(tx, workspaceId, since);
        // An embed session's screens act as its key: the page is told that member (role and
        // permissions) with every pull, so its controls allow what the server will accept.
        return { version, lastMutationID, records: forPrincipal(forRole(all, who.role)), full, memberId: who.memberId, workspaceId };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  });

  /** What changed since `since`, read at exactly `version` (VersionMoved when a commit came first), filtered for `role`. */
  async function changesAt(workspaceId: string, since: number, version: number, role: Role) {
    if (chunkedReads) return forRole(await changedUpTo(ctx.db, workspaceId, since, version), role);
    return ctx.db.transaction(
      async (tx) => {
        const [row] = await tx.select({ version: t.workspaceVersions.version }).from(t.workspaceVersions).where(eq(t.workspaceVersions.workspaceId, workspaceId));
        if ((row?.version ?? 0) !== version) throw new VersionMoved();
        return forRole(await changedSince(tx, workspaceId, since), role);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  app.get(SYNC_PATHS.events, { config: { auth: 'memberOrEmbed' } }, async (request, reply) => {
    const who = principalOf(request);
    // A process that is stopping takes no new stream: the browser (or the proxy) tries again, elsewhere.
    if (ctx.lifecycle?.draining) {
      reply.header('retry-after', '1');
      throw new HttpError(503, 'This server process is restarting: connect again');
    }
    // The hijacked stream writes its own head: carry over a CORS grant made above.
    const allowOrigin = reply.getHeader('access-control-allow-origin');
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...(allowOrigin ? { 'access-control-allow-origin': String(allowOrigin), vary: 'Origin' } : {}),
    });
    // Something must be written at once, or the stream looks dead to some clients.
    raw.write(`retry: 2000\n: connected\n\n`);
    const write = (version: number) => raw.write(`event: ${POKE_EVENT}\ndata: ${JSON.stringify({ version })}\n\n`);
    const embed = who.embed;
    const secret = embed ? embedSecretOf(request) : null;
    // An embed session is looked up again before each poke: another server process may have
    // ended it (its key regenerated or revoked there).
    const send = (version: number) => {
      if (version === SESSIONS_ENDED) {
        // A member's stream ends with its session, so that browser is signed out at once.
        if (!embed) void findSession(ctx.db, sessionToken(request), ctx.now(), ctx.sessionPolicy).then((live) => live || end(), () => undefined);
        return;
      }
      if (!secret) return write(version);
      embedPrincipal(ctx.db, secret, ctx.now()).then(
        () => write(version),
        () => end(),
      );
    };
    const stop = pokes.subscribe(who.workspaceId, send);
    // A heartbeat the browser watches: silence means this server is gone (its top bar says so).
    const heartbeat = setInterval(() => raw.write(`event: ${HEARTBEAT_EVENT}\ndata: {}\n\n`), HEARTBEAT_MS);
    heartbeat.unref();
    let closed = false;
    const counted = ctx.metrics?.streamOpened();
    const close = () => {
      if (closed) return;
      closed = true;
      counted?.();
      clearInterval(heartbeat);
      stop();
      if (embed) embedStreams.get(embed.keyId)?.delete(end);
    };
    function end() {
      close();
      raw.end();
    }
    // Stopping: the browser is told to reconnect at once (behind a load balancer, to another process).
    const unregister = ctx.lifecycle?.onDrain(() => {
      if (closed) return;
      raw.write(`retry: ${RECONNECT_HINT_MS}\nevent: ${RECONNECT_EVENT}\ndata: {}\n\n`);
      end();
    });
    request.raw.on('close', () => unregister?.());
    if (embed) {
      const streams = embedStreams.get(embed.keyId) ?? new Set();
      streams.add(end);
      embedStreams.set(embed.keyId, streams);
    }
    request.raw.on('close', close);
    ctx.onClose?.(end);
  });
}

export { loadRecords };
