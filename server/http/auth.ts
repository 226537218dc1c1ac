// Who may call a route, declared once per route and checked by one request-level hook.
// Every route says `config: { auth }` (an onRoute hook refuses to register one that does not):
//   public        nobody in particular (sign-in, links carrying their own token, health, pages)
//   member        a signed-in member (the session cookie); `may` adds a permission rule
//   admin         a signed-in Admin of the Developer area (keys, webhooks, shop connections)
//   apiKey        the public API's `Authorization: Bearer sk_test_…`
//   memberOrEmbed a signed-in member, or a partner's embed session (sync)
// The hook sets request.member, request.apiKey or request.embed; handlers read them through
// signedIn / apiKeyOf / the request itself. The API key is checked as the request arrives
// (before its body is read, as the public API promises); the others after Fastify has
// validated the request, so a malformed request is answered 400 before any 401.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { authorize, authorizeDeveloperAdmin } from '../../lib/domain/permissions';
import type { PermissionRule } from '../../lib/domain/permissions';
import { mustEnrol, type SessionInfo } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { allowEmbedOrigin, embedPrincipal, embedSecretOf, type EmbedPrincipal } from '../api/embed';
import type { ApiKeyRow } from '../api/keys';
import { tagRequestLog } from './request-log';
import { currentSession, HttpError, sessionToken, type ServerContext } from '../context';
import { permissionsOf } from '../db/records';
import * as t from '../db/schema';

export const AUTH_KINDS = ['public', 'member', 'admin', 'apiKey', 'memberOrEmbed'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

/** A registered route and who may call it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  auth: AuthKind;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, with its auth (for tests and the docs' route table). */
    routeAuth: readonly DeclaredRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call the route (server/http/auth.ts); every route declares it. */
    auth?: AuthKind;
    /** With `auth: 'member'`: the rule the member (as stored) must pass, else a 403. */
    may?: PermissionRule;
    /** A route a member who must turn two-factor on may still call (enrolment, sessions, sign-out); others answer 403 twoFactorRequired. */
    enrolment?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in member's session, on routes that take a member. */
    member: SessionInfo | null;
    /** The public API's key, on `apiKey` routes. */
    apiKey: ApiKeyRow | null;
    /** The partner's embed session, on `memberOrEmbed` routes called with a client secret. */
    embed: EmbedPrincipal | null;
  }
}

export const SIGN_IN_MESSAGE = 'Sign in to continue';
export const REMOVED_MESSAGE = 'You were removed from this workspace';
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Your workspace requires two-factor sign-in: turn it on to continue';

/** The route's member, set by the auth hook; a route that did not declare a member is a programming error. */
export function signedIn(request: FastifyRequest): SessionInfo {
  if (!request.member) throw new Error(`${request.routeOptions.url ?? request.url} reads a member it did not declare`);
  return request.member;
}

/** The route's API key, set by the auth hook. */
export function apiKeyOf(request: FastifyRequest): ApiKeyRow {
  if (!request.apiKey) throw new Error(`${request.routeOptions.url ?? request.url} reads an API key it did not declare`);
  return request.apiKey;
}

type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const signInRequired = () => new HttpError(401, SIGN_IN_MESSAGE, undefined, { code: 'signInToContinue' });

/**
 * Decorates requests, and from here on refuses to register a route without `config.auth` and
 * gives each route its auth hook. Call it before any route is registered.
 */
export function registerAuth(app: FastifyInstance, ctx: ServerContext) {
  app.decorateRequest('member', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('embed', null);
  const declared: DeclaredRoute[] = [];
  app.decorate('routeAuth', declared);

  /** A member the workspace asks to turn two-factor on reaches only the routes that lead there. */
  function enrolled(request: FastifyRequest, found: SessionInfo) {
    if (mustEnrol(found) && !request.routeOptions.config.enrolment) throw new HttpError(403, TWO_FACTOR_REQUIRED_MESSAGE, undefined, { code: 'twoFactorRequired' });
  }

  async function session(request: FastifyRequest, reply: FastifyReply): Promise<SessionInfo> {
    const found = await currentSession(ctx, request, reply);
    if (!found) throw signInRequired();
    enrolled(request, found);
    request.member = found;
    return found;
  }

  /** A session cookie whose member was removed from the workspace (sync tells them so rather than asking to sign in). */
  async function wasRemoved(request: FastifyRequest): Promise<boolean> {
    const token = sessionToken(request);
    if (!token) return false;
    const [row] = await ctx.db.select({ at: t.removedSessions.removedAt }).from(t.removedSessions).where(eq(t.removedSessions.tokenHash, hashToken(token)));
    return row !== undefined;
  }

  const member =
    (may: PermissionRule | undefined): AuthHook =>
    async (request, reply) => {
      const found = await session(request, reply);
      if (!may) return;
      const allowed = authorize({ ...found.member, permissions: permissionsOf(found.member) }, may);
      if (!allowed.ok) throw new HttpError(403, allowed.error);
    };

  const admin: AuthHook = async (request, reply) => {
    const found = await session(request, reply);
    const allowed = authorizeDeveloperAdmin(found.member);
    if (!allowed.ok) throw new HttpError(403, allowed.error);
  };

  const memberOrEmbed: AuthHook = async (request, reply) => {
    const secret = embedSecretOf(request);
    if (secret) {
      const embed = await embedPrincipal(ctx.db, secret, ctx.now());
      allowEmbedOrigin(embed, request, reply);
      request.embed = embed;
      return;
    }
    const found = await currentSession(ctx, request, reply);
    if (found) {
      enrolled(request, found);
      request.member = found;
      return;
    }
    if (await wasRemoved(request)) throw new HttpError(403, REMOVED_MESSAGE, undefined, { code: 'removed' });
    throw signInRequired();
  };

  const apiKey: AuthHook = async (request, reply) => {
    request.apiKey = await ctx.apiGate(request, reply);
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const auth = route.config?.auth;
    const name = `${String(route.method)} ${route.url}`;
    if (auth === undefined || !AUTH_KINDS.includes(auth)) throw new Error(`${name} declares no auth (config.auth: ${AUTH_KINDS.join(' | ')})`);
    if (route.config?.may && auth !== 'member') throw new Error(`${name}: a permission rule needs auth 'member'`);
    for (const method of asList(route.method)) declared.push({ method: String(method), url: route.url, auth });
    if (auth === 'public') return;
    // The auth hook runs before the route's own hooks of the same stage.
    // Then the request's log lines name who called (server/http/request-log.ts).
    if (auth === 'apiKey') route.onRequest = [apiKey, tagRequestLog, ...asList(route.onRequest)];
    else {
      const hook = auth === 'member' ? member(route.config?.may) : auth === 'admin' ? admin : memberOrEmbed;
      route.preHandler = [hook, tagRequestLog, ...asList(route.preHandler)];
    }
  });
}

function asList<H>(hooks: H | H[] | undefined): H[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
