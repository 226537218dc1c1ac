// A server per test file, on a fresh copy of the fixture database, driven through real HTTP
// requests (Fastify's inject) by small cookie-keeping clients.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { openPglite, openPostgres, type DatabaseHandle } from '../../server/db/client';
import { ephemeralSecretBox } from '../../server/secrets/box';
import { COLLECTION_NAMES } from '../../lib/schema/names';
import { SYNC_PATHS, type PullResponse, type PushResponse, type PushResult } from '../../lib/sync/protocol';
import { TEST_HASH_COST, USERS, type UserKey } from './fixture';
import { adminQuery, withDatabase } from './pg';

/**
 * Webhook targets for tests that register endpoints at example hosts: every name resolves to a
 * public address (so registration passes the outside-only check) and nothing is ever sent.
 */
export const OFFLINE_WEBHOOKS = {
  resolve: async (): Promise<{ address: string; family: 4 | 6 }[]> => [{ address: '93.184.216.34', family: 4 }],
  send: async (): Promise<number> => 200,
};

export const DB_KINDS = ['pglite', 'postgres'] as const;
export type DbKind = (typeof DB_KINDS)[number];

export class TestClock {
  constructor(public time = Date.parse('2026-03-02T10:00:00.000Z')) {}
  now = () => new Date(this.time);
  advance(ms: number) {
    this.time += ms;
  }
}

export const DAY = 24 * 60 * 60 * 1000;

export interface TestDatabase {
  kind: DbKind;
  readonly handle: DatabaseHandle;
  /** Closes and opens the same database again (a server restart). */
  reopen(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/**
 * A fresh copy of the fixture database, of its own. PGlite copies live in memory unless
 * `onDisk` (a restart must find its files again); loading into memory is several times faster.
 */
export async function freshDatabase(kind: DbKind, options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  if (kind === 'pglite' && !options.onDisk) {
    const handle = await openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    return {
      kind,
      handle,
      async reopen() {
        throw new Error('An in-memory PGlite cannot be reopened: use freshDatabase(kind, { onDisk: true })');
      },
      async dispose() {
        await handle.close();
      },
    };
  }
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'cf-pglite-'));
    const dataDir = join(dir, 'data');
    let handle = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    return {
      kind,
      get handle() {
        return handle;
      },
      async reopen() {
        await handle.close();
        handle = await openPglite({ dataDir });
        return handle;
      },
      async dispose() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const admin = inject('pgAdminUrl');
  const name = `cf_test_${randomBytes(6).toString('hex')}`;
  // Two files may copy the template at the same moment; PostgreSQL then asks one to retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(admin, `create database ${name} template ${inject('pgTemplate')}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const url = withDatabase(admin, name);
  let handle = await openPostgres(url, { max: 4 });
  return {
    kind,
    get handle() {
      return handle;
    },
    async reopen() {
      await handle.close();
      handle = await openPostgres(url, { max: 4 });
      return handle;
    },
    async dispose() {
      await handle.close();
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestServer {
  db: TestDatabase;
  app: FastifyInstance;
  clock: TestClock;
  /** Every log line the server wrote. */
  logs: string[];
  /** Every response its clients received (headers and body), for secret scans. */
  responses: string[];
  /** The same, as structured records. */
  exchanges: Exchange[];
  client(): Client;
  signIn(user: UserKey): Promise<Client>;
  /**
   * Closes the app and the database, then opens both again on the same data. With
   * `{ database: false }` only the app restarts, on the database as it is (an in-memory PGlite
   * cannot be reopened; what a server process holds in memory is what such a restart loses).
   */
  restart(options?: { database?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Another app over an existing server's database (which that server keeps and disposes). */
  database?: TestDatabase;
  /** PGlite on disk, for restarts. */
  onDisk?: boolean;
}

export async function startServer(kind: DbKind, options: Partial<BuildAppOptions> = {}, start: StartOptions = {}): Promise<TestServer> {
  const db = start.database ?? (await freshDatabase(kind, { onDisk: start.onDisk }));
  const clock = new TestClock();
  const logs: string[] = [];
  const responses: string[] = [];
  const exchanges: Exchange[] = [];
  // One key for the server's whole life, restarts included, as the key file gives a real one.
  const secretBox = ephemeralSecretBox();
  const build = () =>
    buildApp({
      database: db.handle,
      root: null,
      now: clock.now,
      hashCost: TEST_HASH_COST,
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
      secretBox,
      ...options,
    });
  const server: TestServer = {
    db,
    app: await build(),
    clock,
    logs,
    responses,
    exchanges,
    client: () => new Client(() => server.app, responses, exchanges, clock.now),
    async signIn(user) {
      const client = new Client(() => server.app, responses, exchanges, clock.now);
      const response = await client.post('/auth/signin', { email: USERS[user].email, password: USERS[user].password });
      if (response.statusCode !== 200) throw new Error(`sign-in as ${user} failed: ${response.statusCode} ${response.body}`);
      return client;
    },
    async restart({ database = true } = {}) {
      await server.app.close();
      if (database) await db.reopen();
      server.app = await build();
    },
    async close() {
      await server.app.close();
      if (!start.database) await db.dispose();
    },
  };
  return server;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One mutation pushed through `/sync/push`, as a browser sends it. */
export interface Pushed {
  response: LightMyRequestResponse;
  /** The mutation's own answer (absent when the push itself was refused). */
  result?: PushResult;
  /** The status the answer stands for: the push's own, or the refusal's (400, 403, 409). */
  status: number;
}

/** The whole workspace as a full pull gives it, grouped as the browser's store holds it. */
export interface Pulled {
  response: LightMyRequestResponse;
  workspaceId?: string;
  version: number;
  collections: Record<string, ({ id: string } & Record<string, unknown>)[]>;
  singletons: Record<string, unknown>;
}

let clientCount = 0;

export interface Exchange {
  method: Method;
  url: string;
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A browser's worth of state: its session cookie. */
export class Client {
  cookies = new Map<string, string>();
  /** `app` is read at each request: a client outlives a server restart, as a browser does. */
  constructor(
    private readonly app: () => FastifyInstance,
    private readonly sink?: string[],
    private readonly exchanges?: Exchange[],
    /** The server's clock, for the time a pushed mutation says it was made. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** This browser's sync identity: its client id and the id of its last pushed mutation. */
  readonly clientID = `test_client_${++clientCount}`;
  private lastMutationID = 0;

  private get instance(): FastifyInstance {
    return this.app();
  }

  get sessionToken(): string | undefined {
    return this.cookies.get('cf_session') ?? this.cookies.get('__Host-cf_session');
  }

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.instance.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    this.sink?.push(`${method} ${url} ${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
    this.exchanges?.push({ method, url, status: response.statusCode, headers: { ...response.headers }, body: response.body });
    for (const set of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = set.value === '' || set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() <= Date.now() && set.maxAge === undefined);
      if (expired) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }
  patch(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('PATCH', url, body, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }

  /** Pushes one mutation through `/sync/push`, the next in this browser's order (made now, unless `meta` says). */
  async push(name: string, args: unknown, meta?: unknown): Promise<Pushed> {
    const id = ++this.lastMutationID;
    const made = meta ?? { now: this.now().toISOString(), idSeed: `${this.clientID}_${id}` };
    const response = await this.post(SYNC_PATHS.push, { clientID: this.clientID, mutations: [{ id, name, args, meta: made }] });
    if (response.statusCode !== 200) return { response, status: response.statusCode };
    const result = response.json<PushResponse>().results.find((r) => r.id === id);
    return { response, result, status: result?.ok === false ? (result.status ?? 500) : 200 };
  }

  /** Everything the member may see: a full `/sync/pull`, grouped by collection. */
  async records(headers?: Record<string, string>): Promise<Pulled> {
    const response = await this.get(`${SYNC_PATHS.pull}?since=0`, headers);
    const collections: Pulled['collections'] = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, []]));
    const singletons: Pulled['singletons'] = {};
    if (response.statusCode !== 200) return { response, version: 0, collections, singletons };
    const pulled = response.json<PullResponse>();
    for (const record of pulled.records) {
      if (record.collection === 'singletons') singletons[record.id] = record.value;
      else (collections[record.collection] ??= []).push(record.value as { id: string });
    }
    return { response, workspaceId: pulled.workspaceId, version: pulled.version, collections, singletons };
  }
}

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json<T>();
