// The server's settings, from the environment. Everything has a default except the
// owner's credentials (without them, the console prints a one-time setup link).
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { mailFolderOf } from './data-folder';
import { DEFAULT_PORT, isLoopbackHost, parsePublicUrl } from './http/links';
import { DEFAULT_DRAIN_DELAY_MS, SHUTDOWN_BOUND_MS } from './http/shutdown';
import { DEFAULT_MAIL_FROM, fromAddress, type MailSettings } from './mail/transport';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  ownerEmail?: string;
  ownerPassword?: string;
  ownerName?: string;
  /**
   * Behind a reverse proxy: client address and scheme from X-Forwarded-For/-Proto (never a
   * link's host). TRUST_PROXY=1 trusts any sender of those headers; a list of addresses or
   * CIDR ranges (TRUST_PROXY=127.0.0.1 or 10.0.0.5,10.0.0.6) trusts only the proxy's.
   */
  trustProxy: boolean | string[];
  /** CREATORFLOW_PUBLIC_URL's origin: every emailed or displayed link starts with it. Unset only on loopback (links then say http://localhost:PORT). */
  publicOrigin?: string;
  logLevel: string;
  /** CREATORFLOW_SECRET_KEY: seals third-party credentials; else the key file. */
  secretKey?: string;
  /** CREATORFLOW_SECRET_KEY_PREVIOUS: older keys (comma-separated) that still open what they sealed. */
  secretKeyPrevious?: string;
  /** Beside the data folder, not inside it: a copy of the data folder alone does not carry the key. */
  secretKeyFile: string;
  /** Webhook endpoints on this machine (localhost, 127.0.0.0/8, [::1]) for local development; never other private ranges. */
  webhooksAllowLoopback: boolean;
  /** CREATORFLOW_METRICS_TOKEN: the bearer token `GET /metrics` asks for; unset, metrics are off. */
  metricsToken?: string;
  /** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces: where spans go (OTLP/HTTP, JSON); unset, tracing is off. */
  tracesEndpoint?: string;
  /** CREATORFLOW_DRAIN_DELAY_MS: how long a stopping process keeps serving with /readyz failing, before it stops listening. */
  drainDelayMs: number;
  /** Outgoing mail: SMTP when smtpUrl is set, else .eml files in `<dataDir>/mail` (CREATORFLOW_MAIL_DIR moves it). */
  mail: MailSettings;
}

export class ConfigError extends Error {}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_PORT : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number (0-65535), not "${env.PORT}"`);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  const dataDir = env.CREATORFLOW_DATA_DIR?.trim() ? resolve(env.CREATORFLOW_DATA_DIR.trim()) : join(root, '.creatorflow', 'data');
  const publicUrl = env.CREATORFLOW_PUBLIC_URL?.trim() || undefined;
  const publicOrigin = publicUrl === undefined ? undefined : parsePublicUrl(publicUrl);
  if (publicOrigin === null) throw new ConfigError(`CREATORFLOW_PUBLIC_URL must be an http(s) URL such as https://creatorflow.example.com, not "${publicUrl}"`);
  const host = env.HOST?.trim() || '127.0.0.1';
  // Emailed links start with the public URL; without one they say http://localhost:PORT, which
  // only this computer can open, so a server others can reach must be told its address.
  if (!publicOrigin && !isLoopbackHost(host)) {
    throw new ConfigError(
      `HOST=${host} lets other computers connect: set CREATORFLOW_PUBLIC_URL to the address people use (such as https://creatorflow.example.com). Invitation, password reset and creator links are built from it.`,
    );
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LEVELS.join(', ')}`);
  const drainDelayMs = env.CREATORFLOW_DRAIN_DELAY_MS?.trim() ? Number(env.CREATORFLOW_DRAIN_DELAY_MS.trim()) : DEFAULT_DRAIN_DELAY_MS;
  if (!Number.isInteger(drainDelayMs) || drainDelayMs < 0 || drainDelayMs > SHUTDOWN_BOUND_MS / 2)
    throw new ConfigError(`CREATORFLOW_DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to ${SHUTDOWN_BOUND_MS / 2}, not "${env.CREATORFLOW_DRAIN_DELAY_MS}"`);
  const tracesEndpoint = tracesEndpointOf(env);
  if (tracesEndpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(tracesEndpoint))
    throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) must be an http(s) URL such as http://127.0.0.1:4318');
  const metricsToken = env.CREATORFLOW_METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{24,}$/.test(metricsToken))
    throw new ConfigError('CREATORFLOW_METRICS_TOKEN must be at least 24 printable characters without spaces (for example: openssl rand -hex 24)');
  const absoluteDataDir = isAbsolute(dataDir) ? dataDir : resolve(dataDir);
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // Said below without echoing the URL, which may hold a password.
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new ConfigError('SMTP_URL must look like smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465');
  }
  const from = env.MAIL_FROM?.trim() || undefined;
  if (smtpUrl && !from) throw new ConfigError('MAIL_FROM must be set with SMTP_URL: the sender address, such as "Creatorflow <no-reply@example.com>"');
  if (from && !/^[^\s@<>]+@[^\s@<>]+$/.test(fromAddress(from).address)) throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", not "${from}"`);
  // Under the data folder (PGlite's or, with DATABASE_URL, the same path), so it goes with it.
  const mailDir = env.CREATORFLOW_MAIL_DIR?.trim() ? resolve(env.CREATORFLOW_MAIL_DIR.trim()) : mailFolderOf(absoluteDataDir);
  return {
    port,
    host,
    databaseUrl,
    dataDir: absoluteDataDir,
    ownerEmail: env.CREATORFLOW_OWNER_EMAIL?.trim() || undefined,
    ownerPassword: env.CREATORFLOW_OWNER_PASSWORD || undefined,
    ownerName: env.CREATORFLOW_OWNER_NAME?.trim() || undefined,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    publicOrigin,
    logLevel,
    secretKey: env.CREATORFLOW_SECRET_KEY?.trim() || undefined,
    secretKeyPrevious: env.CREATORFLOW_SECRET_KEY_PREVIOUS?.trim() || undefined,
    secretKeyFile: join(dirname(absoluteDataDir), 'secret.key'),
    webhooksAllowLoopback: env.CREATORFLOW_WEBHOOKS_ALLOW_LOOPBACK === '1' || env.CREATORFLOW_WEBHOOKS_ALLOW_LOOPBACK === 'true',
    drainDelayMs,
    metricsToken,
    tracesEndpoint,
    mail: { smtpUrl, from: from ?? DEFAULT_MAIL_FROM, dir: mailDir },
  };
}

/** TRUST_PROXY: unset or 0/false, none; 1/true, any; else the proxies' addresses (IPv4/IPv6, optionally /bits). */
function trustedProxies(value: string | undefined): boolean | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  const list = text.split(',').map((item) => item.trim());
  for (const item of list)
    if (!/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/.test(item))
      throw new ConfigError(`TRUST_PROXY must be 1, or the proxy's addresses separated by commas (such as 127.0.0.1 or 10.0.0.0/24), not "${item}"`);
  return list;
}

/** A database URL fit for the console: host, port and database, never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** An SMTP URL fit for the console: host and port, never the user or password. */
export function describeSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol === 'smtps:' ? 'SMTPS' : 'SMTP'} at ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  } catch {
    return 'SMTP';
  }
}

/** Where spans go: the traces endpoint as given, or the base endpoint's /v1/traces; null when neither is set. */
function tracesEndpointOf(env: NodeJS.ProcessEnv): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}
