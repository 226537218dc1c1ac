// The server's settings, from the environment. Everything has a default except the
// owner's credentials (without them, the console prints a one-time setup link).
import { isAbsolute, join, resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  ownerEmail?: string;
  ownerPassword?: string;
  ownerName?: string;
  trustProxy: boolean;
  publicOrigin?: string;
  logLevel: string;
}

export class ConfigError extends Error {}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 4173 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number (0-65535), not "${env.PORT}"`);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  const dataDir = env.CREATORFLOW_DATA_DIR?.trim() ? resolve(env.CREATORFLOW_DATA_DIR.trim()) : join(root, '.creatorflow', 'data');
  let publicOrigin = env.CREATORFLOW_PUBLIC_URL?.trim() || undefined;
  if (publicOrigin) {
    try {
      publicOrigin = new URL(publicOrigin).origin;
    } catch {
      throw new ConfigError(`CREATORFLOW_PUBLIC_URL must be a URL such as https://creatorflow.example.com, not "${publicOrigin}"`);
    }
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LEVELS.join(', ')}`);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl,
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(dataDir),
    ownerEmail: env.CREATORFLOW_OWNER_EMAIL?.trim() || undefined,
    ownerPassword: env.CREATORFLOW_OWNER_PASSWORD || undefined,
    ownerName: env.CREATORFLOW_OWNER_NAME?.trim() || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    publicOrigin,
    logLevel,
  };
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
