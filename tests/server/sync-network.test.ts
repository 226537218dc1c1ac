// The network between browsers and the team server, for real: three members' sync clients
// (the browser's store on the sync client, lib/sync/client.ts, run in Node with an in-memory cache) talk to a
// server listening on loopback through an HTTP proxy of this test. The proxy drops pushes,
// drops their answers after the server applied them, delivers them twice at once, delivers
// an old one again later, delays them and reorders them, from a seeded schedule. Then the
// proxy passes everything, what it held is delivered, and everyone syncs. The server and
// every client must end as a clean run of the same edits (no proxy) ends, the server at the
// same version (a mutation applied twice would move it again), and every mutation a client
// was told was taken is there. SYNC_NETWORK_SEED picks another schedule.
import { request as httpRequest, createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushedMutation, PushResponse } from '../../lib/sync/protocol';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createSyncClient } from '../../lib/sync/client';
import type { StoreSyncClient } from '../../lib/sync/types';
import type { StorageAdapter } from '../../lib/storage/types';
import { createStore, type Store } from '../../lib/store/createStore';
import { USERS, type UserKey } from './fixture';
import { DB_KINDS, startServer, type TestServer } from './harness';

const SEED = Number(process.env.SYNC_NETWORK_SEED ?? 20261123);
const ROUNDS = 5;
/** Each member edits records of its own, so the result does not depend on the order of arrival. */
const MEMBERS: { user: UserKey; item: string; order: string }[] = [
  { user: 'owner', item: 'inv_1', order: 'ord_1' },
  { user: 'editor', item: 'inv_2', order: 'ord_2' },
  { user: 'editorNoOutreach', item: 'inv_3', order: 'ord_3' },
];
const FAULTS = ['pass', 'delay', 'drop-request', 'drop-answer', 'duplicate', 'late-duplicate', 'reorder'] as const;
type Fault = (typeof FAULTS)[number];

/** A small seeded generator (mulberry32): the same seed, the same edits and faults. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request to `target`, the body and headers as received (but for the hop's own). */
function forward(target: URL, method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> {
  const { host: _host, connection: _connection, 'content-length': _length, ...rest } = headers;
  return new Promise((resolve, reject) => {
    const outbound = httpRequest({ host: target.hostname, port: target.port, method, path, headers: { ...rest, 'content-length': body.length, connection: 'close' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outbound.on('error', reject);
    outbound.end(body);
  });
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** The misbehaving network: every request passes, but pushes meet the scheduled fault. */
class SyncProxy {
  readonly server: Server;
  chaos = true;
  readonly seen = new Map<Fault, number>();
  /** Mutations whose push answer reached the client with `ok: true`. */
  readonly acknowledged: { clientID: string; mutation: PushedMutation }[] = [];
  private pushes = 0;
  private readonly schedule: Fault[];
  private readonly next: () => number;
  private readonly inFlight = new Set<Promise<unknown>>();
  private late: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  private held: (() => void)[] = [];

  constructor(
    private readonly target: URL,
    seed: number,
  ) {
    this.next = random(seed);
    // Every fault twice, in a seeded order: each one is met whatever the timing.
    this.schedule = FAULTS.flatMap((fault) => [fault, fault]);
    for (let i = this.schedule.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [this.schedule[i], this.schedule[j]] = [this.schedule[j], this.schedule[i]];
    }
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const path = request.url ?? '/';
    const method = request.method ?? 'GET';
    const send = () => this.track(forward(this.target, method, path, request.headers, body));
    const isPush = method === 'POST' && path.startsWith('/sync/push');
    try {
      if (!isPush || !this.chaos) return this.answer(response, await send(), isPush ? body : null);
      const fault = this.schedule[this.pushes++ % this.schedule.length];
      this.seen.set(fault, (this.seen.get(fault) ?? 0) + 1);
      // Now and then, an old push arrives again, long after it was answered.
      if (this.late.length && this.next() < 0.3) {
        const old = this.late.splice(Math.floor(this.next() * this.late.length), 1)[0];
        void this.track(forward(this.target, 'POST', '/sync/push', old.headers, old.body)).catch(() => undefined);
      }
      // A push held back goes after this one.
      const release = this.held.splice(0);
      const done = (async () => {
        switch (fault) {
          case 'pass':
            return this.answer(response, await send(), body);
          case 'delay':
            await new Promise((resolve) => setTimeout(resolve, 20 + this.next() * 150));
            return this.answer(response, await send(), body);
          case 'drop-request':
            response.socket?.destroy();
            return;
          case 'drop-answer':
            await send();
            response.socket?.destroy();
            return;
          case 'duplicate': {
            const [first] = await Promise.all([send(), send()]);
            return this.answer(response, first, body);
          }
          case 'late-duplicate':
            this.late.push({ headers: request.headers, body });
            return this.answer(response, await send(), body);
          case 'reorder':
            // Held until the next push has gone (or a while has passed).
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 300);
              this.held.push(() => {
                clearTimeout(timer);
                resolve();
              });
            });
            return this.answer(response, await send(), body);
        }
      })();
      await done;
      for (const go of release) go();
    } catch {
      response.socket?.destroy();
    }
  }

  private answer(response: ServerResponse, answer: Answer, pushBody: Buffer | null) {
    const { connection: _connection, 'transfer-encoding': _encoding, 'content-length': _length, ...headers } = answer.headers;
    response.writeHead(answer.status, { ...headers, 'content-length': answer.body.length });
    response.end(answer.body);
    if (pushBody && answer.status === 200) {
      const pushed = JSON.parse(pushBody.toString('utf8')) as { clientID: string; mutations: PushedMutation[] };
      const { results } = JSON.parse(answer.body.toString('utf8')) as PushResponse;
      for (const result of results) {
        const mutation = pushed.mutations.find((m) => m.id === result.id);
        if (result.ok && mutation) this.acknowledged.push({ clientID: pushed.clientID, mutation });
      }
    }
  }

  /** Passes everything from now on, and delivers what it still holds (late duplicates included). */
  async settle() {
    this.chaos = false;
    for (const go of this.held.splice(0)) go();
    for (const old of this.late.splice(0)) await forward(this.target, 'POST', '/sync/push', old.headers, old.body);
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

interface Member {
  storage: StoreSyncClient;
  store: Store;
  cache: StorageAdapter;
}

/** The same edit for the same (member, round) in every run. */
function edit(store: Store, member: (typeof MEMBERS)[number], round: number, roll: number) {
  const kind = Math.floor(roll * 3);
  if (kind === 0) return store.mutate('inventory.setQuantity', { id: member.item, quantity: Math.floor(roll * 1000) % 40 });
  if (kind === 1)
    return store.mutate('inventory.updateItem', { id: member.item, edit: { name: `Item ${member.item} r${round}`, lowStockThreshold: 5, reorderPoint: 10, location: `Shelf ${round}` } });
  return store.mutate('orders.saveNotes', { id: member.order, notes: `Note ${round} from ${member.user}` });
}

interface RunResult {
  server: Snapshot;
  version: number;
  clients: Snapshot[];
}

type Snapshot = Record<string, Record<string, unknown>>;

/** Records by collection and id; without a cache's own bookkeeping (pending pushes, its schema, whose session it is). */
const byCollection = (records: readonly { collection: string; id: string; value: unknown }[]): Snapshot => {
  const out: Snapshot = {};
  for (const r of records) {
    if (r.value === null || r.value === undefined || r.collection.startsWith('__') || r.collection === 'meta') continue;
    if (r.collection === 'singletons' && r.id === 'session') continue;
    (out[r.collection] ??= {})[r.id] = r.value;
  }
  return out;
};

/** Activity ids come from each mutation's random seed: compared without them. */
const withoutActivityIds = (snapshot: Snapshot) => ({
  ...snapshot,
  activity: Object.values(snapshot.activity ?? {})
    .map((entry) => JSON.stringify({ ...(entry as object), id: undefined }))
    .sort(),
});

/** Signs each member in, runs the rounds of edits through `via` (the proxy or the server itself), then syncs cleanly. */
async function runEdits(server: TestServer, base: string, via: string, settle: () => Promise<void>): Promise<RunResult> {
  const next = random(SEED);
  const members: Member[] = [];
  try {
    for (const { user } of MEMBERS) {
      const cookie = await signIn(base, user);
      const withCookie = ((input: string | URL, init: RequestInit = {}) =>
        fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } })) as typeof fetch;
      const cache = createMemoryStorage([]);
      const storage = createSyncClient({ server: via, cache, fetch: withCookie, pullEveryMs: 3_600_000 });
      const store = createStore({ sync: storage, now: server.clock.now });
      await store.loaded;
      members.push({ storage, store, cache });
    }
    for (let round = 0; round < ROUNDS; round++) {
      MEMBERS.forEach((member, i) => {
        expect(edit(members[i].store, member, round, next()), `${member.user}, round ${round}`).toMatchObject({ ok: true });
      });
      await Promise.all(members.map(async (m) => (await m.store.flush(), m.storage.sync())));
    }
    await settle();
    // Everyone syncs: a round to push what waits, one to pull what the others pushed.
    for (let round = 0; round < 2; round++) for (const m of members) await m.storage.sync();

    const pull = (await (await fetch(`${base}/sync/pull?since=0`, { headers: { cookie: await signIn(base, 'owner') } })).json()) as PullResponse;
    const clients: Snapshot[] = [];
    for (const m of members) {
      expect(m.storage.status.peek()).toMatchObject({ pending: 0 });
      await m.store.flush();
      clients.push(byCollection(await m.cache.load()));
      // What the member sees: the store's lists hold the server's records.
      expect(byId(m.store.inventory.items.items.peek())).toEqual(byCollection(pull.records).inventory);
      expect(byId(m.store.orders.items.items.peek())).toEqual(byCollection(pull.records).orders);
    }
    return { server: byCollection(pull.records), version: pull.version, clients };
  } finally {
    for (const m of members) m.store.dispose();
  }
}

const byId = (list: readonly { id: string }[]) => Object.fromEntries(list.map((r) => [r.id, r]));

/** Signs in over HTTP; the session cookie, as a browser would send it. */
async function signIn(base: string, user: UserKey) {
  const signin = await fetch(`${base}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: USERS[user].email, password: USERS[user].password }),
  });
  expect(signin.status).toBe(200);
  return signin.headers.getSetCookie().map((set) => set.split(';')[0]).join('; ');
}

describe.each(DB_KINDS)('sync through a misbehaving network on %s', (kind) => {
  let clean: TestServer;
  let chaotic: TestServer;
  beforeAll(async () => {
    [clean, chaotic] = await Promise.all([startServer(kind), startServer(kind)]);
  });
  afterAll(async () => {
    await Promise.all([clean?.close(), chaotic?.close()]);
  });

  it('ends as a clean run ends: the same records on the server and in every client, each acknowledged mutation applied once', async () => {
    const cleanBase = await clean.app.listen({ port: 0, host: '127.0.0.1' });
    let started = performance.now();
    const expected = await runEdits(clean, cleanBase, cleanBase, async () => undefined);
    const cleanMs = performance.now() - started;
    started = performance.now();

    const base = await chaotic.app.listen({ port: 0, host: '127.0.0.1' });
    const proxy = new SyncProxy(new URL(base), SEED);
    const via = await proxy.listen();
    try {
      const actual = await runEdits(chaotic, base, via, () => proxy.settle());
      console.log(`[${kind}] clean run ${cleanMs.toFixed(0)} ms, through the proxy ${(performance.now() - started).toFixed(0)} ms; seed ${SEED}: faults met ${JSON.stringify(Object.fromEntries(proxy.seen))}; ${proxy.acknowledged.length} acknowledgements; version ${actual.version}`);
      for (const fault of FAULTS) expect(proxy.seen.get(fault) ?? 0, fault).toBeGreaterThan(0);

      // The server: the same records, at the same version (nothing applied twice).
      expect(withoutActivityIds(actual.server)).toEqual(withoutActivityIds(expected.server));
      expect(actual.version).toBe(expected.version);
      // Every client holds what its server holds.
      for (const client of actual.clients) expect(client).toEqual(actual.server);
      for (const client of expected.clients) expect(client).toEqual(expected.server);
      // Every mutation a client was told was taken left its activity entry.
      for (const { mutation } of proxy.acknowledged) expect(actual.server.activity, mutation.name).toHaveProperty(`act_${mutation.meta.idSeed}`);
    } finally {
      await proxy.close();
    }
  });
});
