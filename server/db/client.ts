// Opens the database: PGlite (embedded PostgreSQL in a data folder) or PostgreSQL through
// node-postgres. Both are driven through the same drizzle `PgDatabase`, and the same
// migrations folder is applied to both.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { liftStoredEnglish } from './lift';
import { keepSalesTotals, keepWorkspaceTotals } from './sales-totals';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every query is written against. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on that database. */
export type DbTx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | DbTx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The PGlite instance (dump, close), when kind is 'pglite'. */
  pglite?: PGlite;
  /** PostgreSQL: a dedicated connection for LISTEN (pokes between server processes). */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL: NOTIFY every process listening on `channel`. */
  notify?(channel: string, payload: string): Promise<void>;
  /**
   * Runs `fn` while holding the server-wide lock, so two server processes on one
   * PostgreSQL never migrate or seed at once. PGlite is one process per data folder.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** PostgreSQL: the pool's connections (open, idle, and requests waiting for one), for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** PostgreSQL: calls `listener` with each query's duration in seconds (the metrics); returns what stops it. */
  onQueryTime?(listener: (seconds: number) => void): () => void;
  /** PostgreSQL: calls `start` as each query is asked (in the asker's async context); what it returns is called with the outcome. */
  onQueryStart?(start: () => ((failed: boolean) => void) | null): () => void;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// Any fixed 64-bit key: pg_advisory_lock is a mutex shared by every process on the database.
const LOCK_KEY = 727_274_513;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface PgliteOptions {
  /** A folder on disk; omitted: in memory. Parent folders are created. */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from (tests clone a seeded database this way). */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    exclusive: (fn) => fn(),
    async ping(timeoutMs = 2000) {
      if (client.closed) throw new Error('The database is closed');
      await withTimeout(client.query('select 1'), timeoutMs, 'The database');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export interface PostgresOptions {
  /** Pool size per server process. */
  max?: number;
  onPoolError?: (error: Error) => void;
}

/**
 * A client handed out by `pool.connect()` whose connection dies is given back to the pool
 * (and so dropped) by itself. Drizzle's transaction does not release its client when the
 * opening BEGIN fails (as it does when the connection died while idle), so each database
 * outage met at that moment would otherwise keep one pool slot forever, and `pool.end()`
 * would wait for it. Releasing twice is made harmless for the same reason.
 */
function guardCheckedOutClients(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const guarded = async () => {
    const client = (await connect()) as pg.PoolClient;
    const release = client.release;
    let released = false;
    const onEnd = () => once(new Error('The database connection ended'));
    const once = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', onEnd);
      client.removeListener('error', onEnd);
      release(error);
    };
    client.once('end', onEnd);
    client.once('error', onEnd);
    client.release = once;
    return client;
  };
  // pool.query uses the callback form, which releases its own client.
  (pool as { connect: unknown }).connect = (callback?: unknown) => (callback ? connect(callback) : guarded());
}

/**
 * Times every query the app makes (promise form: drizzle's, on the pool or on a transaction's
 * client), from asking to its answer (on the pool, waiting for a connection included).
 */
function timeQueries(pool: pg.Pool, begin: () => (seconds: number, failed: boolean) => void) {
  const timed = (query: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      const started = performance.now();
      const end = begin();
      const result = query.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(
          () => end((performance.now() - started) / 1000, false),
          () => end((performance.now() - started) / 1000, true),
        );
      return result;
    };
  (pool as { query: unknown }).query = timed(pool.query);
  pool.on('connect', (client) => {
    (client as { query: unknown }).query = timed(client.query);
  });
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  guardCheckedOutClients(pool);
  const timers = new Set<(seconds: number) => void>();
  const starts = new Set<() => ((failed: boolean) => void) | null>();
  timeQueries(pool, () => {
    const ends = [...starts].map((start) => start());
    return (seconds, failed) => {
      for (const listener of timers) listener(seconds);
      for (const end of ends) end?.(failed);
    };
  });
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  let closed = false;
  const max = options.max ?? 10;
  return {
    kind: 'postgres',
    db,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    onQueryTime(listener) {
      timers.add(listener);
      return () => void timers.delete(listener);
    },
    onQueryStart(start) {
      starts.add(start);
      return () => void starts.delete(start);
    },
    async listen(channel, onMessage) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => options.onPoolError?.(error));
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload) onMessage(message.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async exclusive(fn) {
      // Advisory locks belong to a session: hold it on one dedicated connection.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error('The database is closed');
      await withTimeout(pool.query('select 1'), timeoutMs, 'The database');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir`. */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite({ dataDir: options.dataDir });
}

/** Applies every pending migration of the one migrations folder, then the data steps (server/db/lift.ts). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.exclusive(async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      await migrateNodePostgres(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    }
    await liftStoredEnglish(handle.db);
    await keepSalesTotals(handle.db);
    await keepWorkspaceTotals(handle.db);
  });
}
