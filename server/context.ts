// What every route module shares: the database, the clock and the session cookie (who may
// call a route is checked by the auth hook, server/http/auth.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MailTransportKind } from '../lib/domain/mail';
import type { CounterStore } from './auth/counters';
import type { ApiGate } from './api/gate';
import type { Resolver } from './webhooks/targets';
import type { FailureLimiter } from './auth/limiter';
import type { HashCost, PasswordHasher } from './auth/passwords';
import { createSession, deleteSessionByToken, findSession, type SessionInfo, type SessionPolicy } from './auth/sessions';
import type { Database, DatabaseHandle, Executor } from './db/client';
import { memberToRecord } from './db/records';
import { errorBody, type ServerProblem } from '../lib/domain/server-errors';
import { isPlainLocalhost } from './http/security';
import type { SecretBox } from './secrets/box';
import type { Lifecycle } from './http/shutdown';
import type { Metrics } from './http/metrics';
import type { Tracing } from './http/tracing';
import { originOfRequest } from './http/request-origin';

export const SECURE_COOKIE = '__Host-cf_session';
/** Browsers refuse a __Host- cookie without Secure, and plain-http localhost cannot be Secure. */
export const LOCAL_COOKIE = 'cf_session';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface Limits {
  /** Failed sign-ins per address before each waits longer (and password changes per address per window). */
  perAddress: RateLimit;
  /** Failed sign-ins per account before each waits longer; the count is forgotten `windowMs` after the last. */
  perAccount: RateLimit;
  /** Invitation and setup link look-ups per address. */
  tokenLookups: RateLimit;
}

export interface ServerContext {
  handle: DatabaseHandle;
  db: Database;
  now(): Date;
  hashCost: HashCost;
  passwords: PasswordHasher;
  /** A hash of a random password: verified against when the email is unknown, so both cases take as long. */
  dummyHash(): Promise<string>;
  sessionPolicy: SessionPolicy;
  limits: Limits;
  accountLimiter: FailureLimiter;
  /** Where webhook endpoints may point: the public internet, and loopback only when allowed. */
  webhookTargets: { allowLoopback: boolean; resolve?: Resolver };
  /** The limits' counters: in PostgreSQL (shared by every process) or in memory on PGlite. */
  counters: CounterStore;
  /** CREATORFLOW_PUBLIC_URL's origin, when set: a browser's Origin header may name it. */
  publicOrigin?: string;
  /** The origin every emailed or displayed link starts with (server/http/links.ts); never taken from a request. */
  linkOrigin(): string;
  /** Seals and opens third-party credentials (server/secrets); never hand it, or what it opens, to a response. */
  secrets: SecretBox;
  /** The public API's door: the key, then its rate limit (server/api/gate.ts). */
  apiGate: ApiGate;
  /** The Prometheus counters, when metrics are on (server/http/metrics.ts). */
  metrics?: Metrics;
  /** OpenTelemetry traces, when an OTLP endpoint is set (server/http/tracing.ts). */
  tracing?: Tracing;
  /** The graceful stop's state: open event streams end with a reconnect hint when it begins. */
  lifecycle?: Lifecycle;
  /** Registers a cleanup for when the server closes (open event streams). */
  onClose?: (fn: () => void) => void;
  /** Tells browsers of a workspace that it moved to a new version. */
  pokes?: { poke(workspaceId: string, version: number): void };
  /** Ends the open event streams of a key's embed sessions (its regeneration or revocation). */
  embedStreams?: { end(keyId: string): void };
  /** Asks the webhook worker to deliver what is due now (a no-op when tests drive it). */
  webhooks?: { kick(): void };
  /** Asks the mail worker to send what is due now; absent when the app sends no mail (messages wait in the outbox). */
  mail?: { kick(): void; transport: MailTransportKind };
}

export function cookieName(request: FastifyRequest): string {
  return isPlainLocalhost(request) ? LOCAL_COOKIE : SECURE_COOKIE;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(request)];
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date, now: Date) {
  reply.setCookie(cookieName(request), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: !isPlainLocalhost(request),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieName(request), { httpOnly: true, sameSite: 'lax', path: '/', secure: !isPlainLocalhost(request) });
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionInfo | null>>();

/** The request's live session (looked up once per request; its cookie re-sent when renewed). */
export function currentSession(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<SessionInfo | null> {
  let found = resolved.get(request);
  if (!found) {
    const token = sessionToken(request);
    const now = ctx.now();
    found = findSession(ctx.db, token, now, ctx.sessionPolicy).then((session) => {
      if (session?.renewed && token) setSessionCookie(request, reply, token, session.expiresAt, now);
      // A cookie that no longer opens anything is removed.
      if (!session && token !== undefined) clearSessionCookie(request, reply);
      return session;
    });
    resolved.set(request, found);
  }
  return found;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** A stable code (and its values) a screen says in its own language; the message stays the English one. */
    readonly problem?: ServerProblem,
  ) {
    super(message);
  }
}

export { errorBody };

/** Signs in: any session the browser already had ends, and a new one (new id) starts. */
export async function startSession(
  ctx: ServerContext,
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  who: { userId: string; workspaceId: string; memberId: string },
) {
  await deleteSessionByToken(db, sessionToken(request));
  const now = ctx.now();
  const { token, expiresAt } = await createSession(db, { ...who, now, policy: ctx.sessionPolicy, ...originOfRequest(request) });
  setSessionCookie(request, reply, token, expiresAt, now);
}

export async function endSession(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  await deleteSessionByToken(ctx.db, sessionToken(request));
  clearSessionCookie(request, reply);
}

export function sessionPayload(session: Pick<SessionInfo, 'member' | 'workspace'>) {
  return { member: memberToRecord(session.member), workspace: session.workspace };
}
