// The database going away, on PostgreSQL: a TCP proxy of this test stands between the server
// and PostgreSQL (the shared server is never stopped) and is cut, then restored. Meanwhile
// /readyz answers 503, and pushes and API calls are refused with a clear JSON 503 (never a
// 500, never recorded as processed); after, /readyz is ready again and the same push, retried
// as the browser retries it, is applied once.
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { openPostgres, type DatabaseHandle } from '../../server/db/client';
import { DATABASE_UNAVAILABLE } from '../../server/db/unavailable';
import { SEED_TIME, USERS } from './fixture';
import { json, startServer, type Client, type TestDatabase, type TestServer } from './harness';
import { apiError, expectAnswersFollowOpenApi } from './openapi-answers';
import { adminQuery, withDatabase } from './pg';

/** A TCP proxy to `target` that can drop every connection and refuse new ones until restored. */
class CuttableProxy {
  private readonly sockets = new Set<Socket>();
  private cut = false;
  readonly server: Server;
  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((inbound) => {
      if (this.cut) {
        inbound.destroy();
        return;
      }
      const outbound = connect(this.target.port, this.target.host);
      for (const [a, b] of [
        [inbound, outbound],
        [outbound, inbound],
      ]) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
  }
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }
  /** The network goes: open connections break, new ones are closed at once. */
  sever() {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }
  restore() {
    this.cut = false;
  }
  close() {
    this.sever();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('the database going away (PostgreSQL behind a cuttable proxy)', () => {
  let proxy: CuttableProxy;
  let server: TestServer;
  let owner: Client;
  let name: string;
  const admin = inject('pgAdminUrl');

  beforeAll(async () => {
    name = `cf_outage_${randomBytes(6).toString('hex')}`;
    await adminQuery(admin, `create database ${name} template ${inject('pgTemplate')}`);
    const direct = new URL(withDatabase(admin, name));
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(await proxy.listen());
    const poolErrors: unknown[] = [];
    let handle: DatabaseHandle = await openPostgres(viaProxy.toString(), { max: 4, onPoolError: (error) => poolErrors.push(error) });
    const database: TestDatabase = {
      kind: 'postgres',
      get handle() {
        return handle;
      },
      async reopen() {
        await handle.close();
        handle = await openPostgres(viaProxy.toString(), { max: 4 });
        return handle;
      },
      async dispose() {
        await handle.close();
      },
    };
    server = await startServer('postgres', { webhooks: { deliverEveryMs: false } }, { database });
    owner = await server.signIn('owner');
  });
  afterAll(async () => {
    await server?.close();
    await server?.db.dispose();
    await proxy?.close();
    if (name) await adminQuery(admin, `drop database if exists ${name} with (force)`);
  });

  const toggle = { clientID: 'outage-client', mutations: [{ id: 1, name: 'funnels.togglePriority', args: { funnelId: 'CR12345' }, meta: { now: SEED_TIME.toISOString(), idSeed: 'outage1' } }] };
  const priorityOf = async () => {
    const { records } = json<PullResponse>(await owner.get('/sync/pull?since=0'));
    return (records.find((r) => r.collection === 'funnels' && r.id === 'CR12345')!.value as { isPriority?: boolean }).isPriority ?? false;
  };

  it('is not ready while the database is unreachable, refuses writes with a clear 503, and recovers after', async () => {
    expect((await server.client().get('/readyz')).statusCode).toBe(200);
    const keySecret = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
    const priorityBefore = await priorityOf();

    proxy.sever();
    const ready = await server.client().get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(json(ready)).toEqual({ status: 'unavailable' });

    const pushed = await owner.post('/sync/push', toggle);
    expect(pushed.statusCode).toBe(503);
    expect(pushed.headers['content-type']).toMatch(/^application\/json/);
    expect(pushed.headers['retry-after']).toBe('5');
    expect(json(pushed)).toEqual({ error: DATABASE_UNAVAILABLE, code: 'databaseUnavailable' });
    const viaApi = await server.client().get('/api/v1/creators', { authorization: `Bearer ${keySecret}` });
    expect(viaApi.statusCode).toBe(503);
    expect(json(viaApi)).toEqual(apiError(viaApi, 'databaseUnavailable', DATABASE_UNAVAILABLE));
    // Said in the log as an outage, not as a failed request (with no connection string in it).
    expect(server.logs.some((line) => line.includes('database unavailable'))).toBe(true);
    expect(server.logs.some((line) => line.includes('request failed'))).toBe(false);
    expect(server.logs.join('\n')).not.toContain(name);

    proxy.restore();
    expect((await server.client().get('/readyz')).statusCode).toBe(200);
    // The browser pushes the same mutation again: applied now, and once.
    const retried = await owner.post('/sync/push', toggle);
    expect(retried.statusCode).toBe(200);
    expect(json<PushResponse>(retried)).toEqual({ lastMutationID: 1, results: [{ id: 1, ok: true }] });
    expect(await priorityOf()).toBe(!priorityBefore);
    const again = await owner.post('/sync/push', toggle);
    expect(json<PushResponse>(again).results).toEqual([{ id: 1, ok: true }]);
    expect(await priorityOf()).toBe(!priorityBefore);
  });

  it('a push whose mutation meets the outage inside its transaction is not recorded as processed', async () => {
    // Signed in and authorized before the cut: the failure comes from within runMutation.
    const push = { clientID: 'outage-client-2', mutations: [{ id: 1, name: 'funnels.togglePriority', args: { funnelId: 'CR12345' }, meta: { now: SEED_TIME.toISOString(), idSeed: 'outage2' } }] };
    const before = await priorityOf();
    const { runMutation } = await import('../../server/db/tx');
    const { MUTATORS } = await import('../../lib/mutators');
    proxy.sever();
    await expect(
      runMutation({ db: server.db.handle.db, workspaceId: 'acme', memberId: USERS.owner.memberId, clientID: push.clientID, mutationID: 1, mutator: MUTATORS['funnels.togglePriority'], args: push.mutations[0].args, meta: push.mutations[0].meta }),
    ).rejects.toMatchObject({ name: 'DatabaseUnavailableError' });
    proxy.restore();
    const retried = await owner.post('/sync/push', push);
    expect(json<PushResponse>(retried)).toEqual({ lastMutationID: 1, results: [{ id: 1, ok: true }] });
    expect(await priorityOf()).toBe(!before);
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 1);
  });
});
