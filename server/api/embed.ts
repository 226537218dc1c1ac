// Partner embedding: a partner's backend trades its secret key for a short-lived client
// secret (es_…) limited to some screens and a role no higher than the key's. The elements on
// the partner's page sync with it: pulls carry only those screens' collections, pushes only
// their writes, and browsers may call only from origins registered for the key.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, type Role, type TeamMember } from '../../lib/domain/types';
import { apiKeyLabel, apiKeyPermissions } from '../../lib/domain/webhooks';
import type { CollectionName } from '../../lib/schema/names';
import { hashToken } from '../auth/tokens';
import { HttpError } from '../context';
import type { Executor } from '../db/client';
import * as t from '../db/schema';

/** The screens a session may show: what each reads, and which writes it makes. */
export const EMBED_SCREENS = {
  'funnel-board': { collections: ['funnels'], writes: ['funnels.'] },
  orders: { collections: ['orders', 'inventory'], writes: ['orders.'] },
  inventory: { collections: ['inventory'], writes: ['inventory.'] },
  calendar: { collections: ['events'], writes: ['calendar.'] },
} as const satisfies Record<string, { collections: readonly CollectionName[]; writes: readonly string[] }>;
export type EmbedScreen = keyof typeof EMBED_SCREENS;
export const EMBED_SCREEN_NAMES = Object.keys(EMBED_SCREENS) as EmbedScreen[];

/** Singletons an embedded screen may read (display settings); never the developer one. */
const EMBED_SINGLETONS = new Set(['settings', 'plan']);

export const EMBED_SESSION_TTL_MS = 15 * 60 * 1000;

const rank = (role: Role) => ROLES.indexOf(role);
/** The lower of two roles (Admin > Editor > Viewer). */
export const lowerRole = (a: Role, b: Role): Role => (rank(a) >= rank(b) ? a : b);

export async function createEmbedSession(db: Executor, key: { id: string; workspaceId: string; role: Role }, screens: EmbedScreen[], role: Role | undefined, now: Date) {
  const secret = `es_${randomBytes(32).toString('base64url')}`;
  const granted = lowerRole(key.role, role ?? key.role);
  const expiresAt = new Date(now.getTime() + EMBED_SESSION_TTL_MS);
  await db.insert(t.embedSessions).values({
    id: `emb_${randomBytes(9).toString('base64url')}`,
    keyId: key.id,
    workspaceId: key.workspaceId,
    secretHash: hashToken(secret),
    screens: [...new Set(screens)],
    role: granted,
    createdAt: now,
    expiresAt,
  });
  return { client_secret: secret, expires_at: expiresAt.toISOString(), screens: [...new Set(screens)], role: granted };
}

export interface EmbedPrincipal {
  workspaceId: string;
  keyId: string;
  role: Role;
  screens: EmbedScreen[];
  allowedOrigins: string[];
  collections: Set<string>;
  mayWrite(mutation: string): boolean;
  /** Who the embedded screens act as: the key, with the session's role (what the server runs its writes as). */
  member: TeamMember;
}

const SECRET_SHAPE = /^es_[A-Za-z0-9_-]{43}$/;

/** The client secret of a request: its Bearer header, or (for EventSource, which cannot send headers) `client_secret` in the query. */
export function embedSecretOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(es_\S+)\s*$/.exec(header) : null;
  if (match) return match[1];
  const query = (request.query as Record<string, unknown> | undefined)?.client_secret;
  return typeof query === 'string' && query.startsWith('es_') ? query : null;
}

/** The live session of a client secret, with its key live too; a 401 otherwise. */
export async function embedPrincipal(db: Executor, secret: string, now: Date): Promise<EmbedPrincipal> {
  if (!SECRET_SHAPE.test(secret)) throw new HttpError(401, 'This embed session is not valid');
  const [row] = await db
    .select({ session: t.embedSessions, key: t.apiKeys })
    .from(t.embedSessions)
    .innerJoin(t.apiKeys, eq(t.apiKeys.id, t.embedSessions.keyId))
    .where(and(eq(t.embedSessions.secretHash, hashToken(secret)), gt(t.embedSessions.expiresAt, now), isNull(t.apiKeys.revokedAt)));
  if (!row) throw new HttpError(401, 'This embed session has expired: fetch a new client secret');
  const screens = row.session.screens.filter((s): s is EmbedScreen => s in EMBED_SCREENS);
  const collections = new Set<string>(screens.flatMap((s) => EMBED_SCREENS[s].collections));
  const writes = screens.flatMap((s) => EMBED_SCREENS[s].writes as readonly string[]);
  const role = lowerRole(row.key.role, row.session.role);
  return {
    workspaceId: row.session.workspaceId,
    keyId: row.key.id,
    role,
    screens,
    allowedOrigins: row.key.allowedOrigins,
    collections,
    mayWrite: (mutation) => writes.some((prefix) => mutation.startsWith(prefix)),
    member: { id: embedMemberId(row.key.id), name: apiKeyLabel(row.key.lastFour), email: '', role, status: 'Active', permissions: apiKeyPermissions(role) },
  };
}

/** The member id an embed session syncs as (its client ids are recorded under it). */
export const embedMemberId = (keyId: string) => `embed_${keyId}`;

/** Whether a pulled record belongs to the session's screens. */
export function visibleToEmbed(principal: EmbedPrincipal, collection: string, id: string): boolean {
  if (collection === 'singletons') return EMBED_SINGLETONS.has(id);
  return principal.collections.has(collection);
}

/** Is `origin` registered for some live key (a preflight carries no secret to say which)? */
export async function originRegistered(db: Executor, origin: string): Promise<boolean> {
  const rows = await db
    .select({ id: t.apiKeys.id })
    .from(t.apiKeys)
    .where(and(isNull(t.apiKeys.revokedAt), sql`${origin} = any(${t.apiKeys.allowedOrigins})`))
    .limit(1);
  return rows.length > 0;
}

const CORS_PATHS = /^\/sync\//;

/**
 * CORS for embed sessions on the sync routes: a preflight from an origin some key registered
 * is answered; an actual request gets Access-Control-Allow-Origin only when its session's key
 * registered that origin (checked where the session is resolved). No credentials (cookies)
 * are ever allowed cross-origin.
 */
export async function embedPreflight(db: Executor, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const origin = request.headers.origin;
  if (request.method !== 'OPTIONS' || !origin || !CORS_PATHS.test(request.url)) return false;
  // "null" is the origin of every file:, data: and sandboxed page alike: never a partner's.
  if (origin.trim().toLowerCase() === 'null' || !(await originRegistered(db, origin.toLowerCase()))) {
    await reply.code(403).send({ error: 'This origin is not registered for embedding' });
    return true;
  }
  await reply
    .code(204)
    .header('access-control-allow-origin', origin)
    .header('vary', 'Origin')
    .header('access-control-allow-methods', 'GET, POST')
    .header('access-control-allow-headers', 'authorization, content-type, accept')
    .header('access-control-max-age', '600')
    .send();
  return true;
}

/** Allows the actual response to be read by an origin registered for the session's key; refuses others. */
export function allowEmbedOrigin(principal: EmbedPrincipal, request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin?.toLowerCase();
  if (!origin) return;
  const own = `${request.protocol}://${request.host}`.toLowerCase();
  if (origin === own) return;
  if (origin === 'null' || !principal.allowedOrigins.includes(origin)) throw new HttpError(403, 'This origin is not registered for this key');
  reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
}
