// The team server: a Fastify app over one database handle. `buildApp` wires everything and
// returns the app unstarted (tests drive it with `inject`; server/main.ts listens).
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ServerProblem } from '../lib/domain/server-errors';
import { authRoutes } from './auth/routes';
import { countersFor, rateLimitStore } from './auth/counters';
import { resetRoutes } from './auth/reset';
import { secondFactorRoutes } from './auth/second-factor';
import { securityLogRoutes } from './auth/security-log';
import { twoFactorRoutes } from './auth/two-factor';
import { mustEnrol } from './auth/sessions';
import { FailureLimiter } from './auth/limiter';
import { ARGON2ID_HASHER, DEFAULT_HASH_COST, type HashCost, type PasswordHasher } from './auth/passwords';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './auth/sessions';
import { newToken } from './auth/tokens';
import { currentSession, errorBody, HttpError, type Limits, type ServerContext } from './context';
import type { DatabaseHandle } from './db/client';
import { TxRejected } from './db/tx';
import { healthResponse } from './http/schemas';
import { registerAuth } from './http/auth';
import { loggerOptions } from './http/log-redaction';
import { registerControlCharacterCheck } from './http/control-characters';
import { DEFAULT_PORT, localOrigin } from './http/links';
import { NON_PAGE_POLICY, registerCsrfGuard } from './http/security';
import { createPokeHub } from './sync/pokes';
import { syncRoutes } from './sync/routes';
import { createPullAnswers, type PullAnswers } from './sync/pull-answers';
import { registerStatic } from './http/static';
import { createLifecycle, type Lifecycle } from './http/shutdown';
import { createMetrics, registerMetrics } from './http/metrics';
import { registerTracing, traceQueries, type Tracing } from './http/tracing';
import { trackingLinkRoutes } from './results/links';
import { resultsTotalsRoutes } from './results/totals';
import { RequestValidationError, valibotSerializerCompiler, valibotValidatorCompiler } from './http/valibot';
import { teamRoutes } from './team/routes';
import { loggableError } from './validation';
import { portalRoutes } from './portal/routes';
import { developerRoutes } from './api/developer';
import { integrationCredentialRoutes } from './integrations/credentials';
import { embedPreflight } from './api/embed';
import { apiRoutes } from './api/v1';
import { apiErrorBody, ApiProblem, isApiRequest } from './api/errors';
import { createApiGate, DEFAULT_API_LIMITS, type ApiLimits } from './api/gate';
import type { Resolver } from './webhooks/targets';
import { createWebhookWorker, type WebhookSender, type WebhookWorker } from './webhooks/worker';
import { shopWebhookRoutes } from './integrations/shop-webhooks';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/unavailable';
import { workspaceLanguage } from './db/records';
import { ephemeralSecretBox, type SecretBox } from './secrets/box';
import { createMailTransport, type MailSettings, type MailTransport, type MailTransportOptions } from './mail/transport';
import { createMailWorker, type MailWorker } from './mail/worker';
import { mailRoutes } from './mail/routes';

export interface BuildAppOptions {
  database: DatabaseHandle;
  /** The repository root, whose dist/ and examples/ are served. Omit (null) to serve no files. */
  root?: string | null;
  /** The clock (tests move it to expire sessions and invitations). */
  now?: () => Date;
  /** Fastify's logger: pino options (secrets are redacted whatever is passed), or false. */
  logger?: false | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  hashCost?: HashCost;
  /** argon2id unless given (tests wrap it to count verifications). */
  passwords?: PasswordHasher;
  /** Behind a reverse proxy: the client's address and scheme from X-Forwarded-For/-Proto, from any sender (true) or only these addresses. No forwarded header ever builds a link. */
  trustProxy?: boolean | string[];
  /**
   * The public origin (https://creatorflow.example.com) every emailed or displayed link starts
   * with, also accepted by the Origin check. Unset: http://localhost:<the port listened on>
   * (4173 before listening), fit only for a server on loopback (server/config.ts insists).
   */
  publicOrigin?: string;
  sessionPolicy?: Partial<SessionPolicy>;
  limits?: Partial<Limits>;
  /** Close the database when the app closes (the server entry owns it; tests do not). */
  closeDatabase?: boolean;
  /** The public API's per-key rate limit. */
  apiLimits?: Partial<ApiLimits>;
  /**
   * Webhooks: how a delivery is sent, how often the worker looks for due deliveries (ms;
   * `false` leaves delivery to `app.webhooks.deliverDue()`, for tests), whether endpoints may
   * be on this machine (CREATORFLOW_WEBHOOKS_ALLOW_LOOPBACK: local development and the tests'
   * own receivers), and the host resolver (tests change what a name resolves to).
   */
  webhooks?: { send?: WebhookSender; deliverEveryMs?: number | false; allowLoopback?: boolean; resolve?: Resolver };
  /** Seals third-party credentials. The server entry loads it from CREATORFLOW_SECRET_KEY or the key file; omitted, a key that lives only in memory. */
  secretBox?: SecretBox;
  /**
   * Outgoing mail: SMTP or .eml files (`settings`), or a transport of the caller's. Without it,
   * messages wait in the outbox. `deliverEveryMs: false` leaves delivery to `app.mail.deliverDue()` (tests).
   */
  mail?: ({ settings: MailSettings; transportOptions?: MailTransportOptions } | { transport: MailTransport }) & { deliverEveryMs?: number | false };
  /** CREATORFLOW_METRICS_TOKEN: `GET /metrics` answers a request bearing it; without one, metrics are off (401 to all). */
  metricsToken?: string;
  /** OpenTelemetry traces (startTracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set): a span per request and per mutation. */
  tracing?: Tracing;
  /** The pull answers shared by clients asking for the same records (tests pass their own to count them). */
  pullAnswers?: PullAnswers;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookWorker;
    /** The mail worker, when the app sends mail. */
    mail: MailWorker | null;
    /** Draining for a graceful stop (server/http/shutdown.ts). */
    lifecycle: Lifecycle;
  }
}

const MINUTE = 60_000;

/** The rate limit's refusal as a code: the wait in seconds under a minute, else in minutes, as its English message words it. */
export function rateLimitProblem(ttlMs: number): ServerProblem {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return seconds < 60 ? { code: 'tooManyAttemptsSeconds', params: { seconds } } : { code: 'tooManyAttempts', params: { minutes: Math.round(seconds / 60) } };
}
export const DEFAULT_LIMITS: Limits = {
  perAddress: { max: 20, windowMs: MINUTE },
  perAccount: { max: 5, windowMs: 60 * MINUTE },
  tokenLookups: { max: 30, windowMs: MINUTE },
};

/** The port the app listens on, or null before it listens (tests that only inject). */
function listeningPort(app: FastifyInstance): number | null {
  const address = app.server.listening ? app.server.address() : null;
  return typeof address === 'object' && address ? address.port : null;
}

/** Headers of every answer: its id, and for what is not a page the strict policy and no caching of JSON. */
function commonHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NON_PAGE_POLICY);
  reply.header('request-id', request.id);
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const hashCost = options.hashCost ?? DEFAULT_HASH_COST;
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const logger = options.logger === false ? false : loggerOptions(options.logger);

  const app = Fastify({
    logger,
    trustProxy: options.trustProxy ?? false,
    // Every answer carries one id of the server's making (its Request-Id header), and so do the
    // request's log lines (`requestId`), so a person can quote it; an id a client sends is not taken.
    requestIdHeader: false,
    requestIdLogLabel: 'requestId',
    genReqId: () => `req_${randomBytes(12).toString('base64url')}`,
    bodyLimit: 1024 * 1024,
    // Fastify's default JSON parser with prototype-poisoning protection.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A path the router cannot take (a bad % escape, a parameter over 100 characters): on the
    // public API answered after its key, in its error body; elsewhere in the app's.
    frameworkErrors: (error, request, raw) => {
      const reply = raw as FastifyReply;
      const refused =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiProblem(414, 'A part of this path is longer than 100 characters', 'pathTooLong')
          : error.code === 'FST_ERR_BAD_URL'
            ? new ApiProblem(400, 'This path has a % escape that is not valid', 'badEscape')
            : error;
      // Fastify answers these without the app's hooks or error handler: both are called here.
      const answer = (error: Error) => {
        commonHeaders(request, reply);
        reply.header('cache-control', 'no-store');
        return handleError(error, request, reply);
      };
      if (!isApiRequest(request.url)) return void answer(refused instanceof ApiProblem ? new HttpError(refused.statusCode, refused.message) : refused);
      void apiGate(request, reply).then(
        () => answer(refused),
        (gateRefused: Error) => answer(gateRefused),
      );
    },
  });

  const publicOrigin = options.publicOrigin?.replace(/\/+$/, '').toLowerCase();
  const passwords = options.passwords ?? ARGON2ID_HASHER;
  const counters = countersFor(options.database);
  const apiLimits: ApiLimits = { ...DEFAULT_API_LIMITS, ...options.apiLimits };
  // Made now, not at the first unknown email: that first answer would otherwise take a hash longer.
  const dummy = passwords.hash(newToken(), hashCost);
  dummy.catch(() => undefined);
  const ctx: ServerContext = {
    handle: options.database,
    db: options.database.db,
    now,
    hashCost,
    passwords,
    dummyHash: () => dummy,
    sessionPolicy: { ...DEFAULT_SESSION_POLICY, ...options.sessionPolicy },
    limits,
    accountLimiter: new FailureLimiter(counters, limits.perAccount.windowMs, () => now().getTime()),
    counters,
    webhookTargets: { allowLoopback: options.webhooks?.allowLoopback ?? false, resolve: options.webhooks?.resolve },
    publicOrigin,
    linkOrigin: () => publicOrigin ?? localOrigin(listeningPort(app) ?? DEFAULT_PORT),
    secrets: options.secretBox ?? ephemeralSecretBox(),
    apiGate: createApiGate({ db: options.database.db, now, counters }, apiLimits),
  };
  const { apiGate } = ctx;

  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(valibotSerializerCompiler);

  // An empty JSON body reads as {} (a sign-out, a field-by-field "is required"), not as a parser error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    void jsonParser(request, body as string, done);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // Pages get their own policy with a per-response nonce (http/static.ts); everything else NON_PAGE_POLICY.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Invitation and setup links carry their token in the path: never send it on as a Referer.
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // On-the-fly brotli at its default quality (11) costs far more CPU than it saves bytes.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(counters, () => now().getTime()),
    errorResponseBuilder: (_request, context) => new HttpError(429, `Too many attempts. Try again in ${context.after}.`, undefined, rateLimitProblem(context.ttl)),
  });

  // Embed sessions' CORS preflights (partners' pages calling /sync/*), before the CSRF rule.
  app.addHook('onRequest', async (request, reply) => {
    if (await embedPreflight(ctx.db, request, reply)) return reply;
  });
  registerCsrfGuard(app, ctx.publicOrigin);
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  ctx.lifecycle = lifecycle;

  app.addHook('onSend', async (request, reply, payload) => {
    commonHeaders(request, reply);
    // Stopping: each answer closes its connection, or a kept-alive one would hold the stop until it times out.
    if (lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });

  /** An error's answer: on the public API its error body (code always, the request's id), elsewhere the app's. */
  const refusal = (request: FastifyRequest, reply: FastifyReply, statusCode: number, message: string, field?: string, problem?: ServerProblem, apiCode?: string) =>
    reply.code(statusCode).send(isApiRequest(request.url) ? apiErrorBody(request.id, statusCode, message, field, apiCode ?? problem?.code) : errorBody(message, field, problem));

  function handleError(error: Error & { statusCode?: number; code?: string; field?: string }, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof RequestValidationError) return refusal(request, reply, 400, error.message, error.field);
    if (error instanceof HttpError) return refusal(request, reply, error.statusCode, error.message, error.field, error.problem, error instanceof ApiProblem ? error.code : undefined);
    if (error instanceof TxRejected) return refusal(request, reply, 409, error.message);
    const status = error.statusCode ?? 500;
    if (status === 413) return refusal(request, reply, 413, error.message, undefined, { code: 'requestTooLarge' });
    if (status >= 400 && status < 500) return isApiRequest(request.url) ? refusal(request, reply, status, error.message) : reply.code(status).send({ error: error.message });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return refusal(request, reply, 503, DATABASE_UNAVAILABLE, undefined, { code: 'databaseUnavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return refusal(request, reply, 500, 'Something went wrong on the server', undefined, { code: 'serverError' });
  }
  app.setErrorHandler(handleError);
  // A path of the public API it does not have is answered after the key, as every API answer is.
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request.url)) await apiGate(request, reply);
    return refusal(request, reply, 404, 'Not found', undefined, { code: 'notFound' });
  });

  registerControlCharacterCheck(app);

  // From here on every route declares who may call it, and gets its one auth hook (server/http/auth.ts).
  registerAuth(app, ctx);

  // Counted only when someone may read them (a token is set): otherwise nothing is collected.
  const metrics = options.metricsToken ? createMetrics(options.database, now) : null;
  if (metrics) ctx.metrics = metrics;
  registerMetrics(app, metrics, options.metricsToken);
  // Without an OTLP endpoint no hook is added: requests run as if tracing did not exist.
  if (options.tracing) {
    ctx.tracing = options.tracing;
    registerTracing(app, options.tracing);
    if (options.database.onQueryStart) traceQueries(options.tracing, options.database.onQueryStart);
  }

  app.get('/healthz', { logLevel: 'warn', config: { auth: 'public' }, schema: { response: { 200: healthResponse } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', config: { auth: 'public' }, schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (request, reply) => {
    // Stopping: a load balancer or orchestrator sends no more work here (the process still answers what comes).
    if (lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await ctx.handle.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  // Each area is a plugin of its own; the auth hook above reaches every route they register.
  await app.register(authRoutes, { ctx });
  await app.register(resetRoutes, { ctx });
  await app.register(secondFactorRoutes, { ctx });
  await app.register(twoFactorRoutes, { ctx });
  await app.register(securityLogRoutes, { ctx });
  await app.register(teamRoutes, { ctx });
  const pokes = await createPokeHub(options.database, (error) => app.log.warn({ err: loggableError(error) }, 'poke failed'));
  const streams = new Set<() => void>();
  ctx.onClose = (fn) => {
    streams.add(fn);
  };
  // Open event streams end first, or closing would wait for them.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
    streams.clear();
  });
  app.addHook('onClose', async () => pokes.close());
  ctx.pokes = pokes;
  await app.register(syncRoutes, { ctx, pokes, pullAnswers: options.pullAnswers ?? createPullAnswers() });

  const deliverEveryMs = options.webhooks?.deliverEveryMs ?? 1000;
  const worker = createWebhookWorker({
    db: ctx.db,
    now,
    send: options.webhooks?.send,
    targets: ctx.webhookTargets,
    onWorkspaceChanged: (workspaceId, version) => pokes.poke(workspaceId, version),
    onMailQueued: () => ctx.mail?.kick(),
    onError: (error) => app.log.warn({ err: loggableError(error) }, 'webhook delivery failed'),
  });
  app.decorate('webhooks', worker);
  ctx.webhooks = {
    kick: () => {
      if (deliverEveryMs !== false) worker.kick();
    },
  };
  if (deliverEveryMs !== false) app.addHook('onReady', async () => worker.start(deliverEveryMs));
  app.addHook('preClose', async () => worker.stop());
  const mailOptions = options.mail;
  if (mailOptions) {
    const transport = 'transport' in mailOptions ? mailOptions.transport : createMailTransport(mailOptions.settings, mailOptions.transportOptions);
    const mailEveryMs = mailOptions.deliverEveryMs ?? 2000;
    const mailer = createMailWorker({
      db: ctx.db,
      transport,
      now,
      origin: ctx.linkOrigin,
      onWorkspaceChanged: (workspaceId, version) => pokes.poke(workspaceId, version),
      // Recipient and subject only: the body may hold a one-time link.
      // Without SMTP the line says where the .eml file is, so a person can open it.
      onSent: ({ to, subject, file }) => app.log.info({ to, subject, ...(file ? { file } : {}) }, file ? `mail written to ${file}` : 'mail sent'),
      onError: (error) => app.log.warn({ err: loggableError(error) }, 'mail delivery failed'),
    });
    app.decorate('mail', mailer);
    ctx.mail = {
      transport: transport.kind,
      kick: () => {
        if (mailEveryMs !== false) mailer.kick();
      },
    };
    if (mailEveryMs !== false) app.addHook('onReady', async () => mailer.start(mailEveryMs));
    app.addHook('preClose', async () => mailer.stop());
  } else app.decorate('mail', null);
  await app.register(mailRoutes, { ctx });
  await app.register(developerRoutes, { ctx });
  await app.register(integrationCredentialRoutes, { ctx });
  await app.register(apiRoutes, { ctx });
  await app.register(shopWebhookRoutes, { ctx });
  await app.register(trackingLinkRoutes, { ctx });
  await app.register(resultsTotalsRoutes, { ctx });
  const root = options.root === null ? null : (options.root ?? resolve(import.meta.dirname, '..'));
  await app.register(portalRoutes, { ctx, root });
  if (root !== null) {
    await registerStatic(app, {
      root,
      signedIn: async (request, reply) => {
        const session = await currentSession(ctx, request, reply);
        return session ? { member: session.member.language, workspace: await workspaceLanguage(ctx.db, session.workspace.id), mustEnrol: mustEnrol(session) } : null;
      },
    });
  }

  if (options.closeDatabase) app.addHook('onClose', async () => options.database.close());
  return app;
}
