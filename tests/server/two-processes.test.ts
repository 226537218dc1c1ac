// Two team server processes on one PostgreSQL, as behind a load balancer: a member whose
// event stream is open on process 1 is poked (through LISTEN/NOTIFY) for a change pushed
// through process 2, and pulls it from process 1. Limits count across both: one API key's
// bucket of 120 (refilled at 2 a second) is one bucket in all, and a stranger's wrong passwords through both slow the account
// down once, while its owner still signs in from their usual address at once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { startServerProcess } from '../../scripts/processes.mjs';
import { signInDelaySeconds } from '../../lib/domain/sign-in';
import { SEED_TIME, USERS } from './fixture';
import { adminQuery, withDatabase } from './pg';

interface Process {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** `npm run creatorflow-server` as a child process on `databaseUrl`; ready when /readyz answers 200. */
// Behind a proxy (TRUST_PROXY), so each test request says which address it comes from.
const startProcess = (databaseUrl: string): Promise<Process> => startServerProcess({ env: { DATABASE_URL: databaseUrl, TRUST_PROXY: '1' } });

/** A browser's session on one process: its cookie, sent with same-origin requests. */
async function signIn(server: Process, user: keyof typeof USERS) {
  const response = await fetch(`${server.url}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: USERS[user].email, password: USERS[user].password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { cookie, origin: server.url };
}

/** Reads server-sent events from a stream until one named `name` satisfies `match`. */
async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>, name: string, match: (data: unknown) => boolean) {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('The event stream ended');
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === name && data !== undefined && match(JSON.parse(data))) return JSON.parse(data) as unknown;
    }
  }
}

describe('two server processes on one PostgreSQL', () => {
  const database = `cf_test_${randomBytes(6).toString('hex')}`;
  const admin = inject('pgAdminUrl');
  let one: Process | undefined;
  let two: Process | undefined;

  beforeAll(async () => {
    await adminQuery(admin, `create database ${database} template ${inject('pgTemplate')}`);
    const url = withDatabase(admin, database);
    // One after the other: both apply migrations at start (already applied: nothing to do).
    one = await startProcess(url);
    two = await startProcess(url);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await adminQuery(admin, `drop database if exists ${database} with (force)`);
  });

  it('pokes a member on process 1 for a change pushed through process 2, who then pulls it from process 1', async () => {
    const watcher = await signIn(one!, 'owner');
    const editor = await signIn(two!, 'editor');
    const get = async <T>(path: string) => {
      const response = await fetch(`${one!.url}${path}`, { headers: { cookie: watcher.cookie } });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    const start = await get<PullResponse>('/sync/pull?since=0');

    const controller = new AbortController();
    const stream = await fetch(`${one!.url}/sync/events`, { headers: { cookie: watcher.cookie, accept: 'text/event-stream' }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    try {
      // The stream is open once its first comment arrives; only then is the push made.
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain(': connected');

      const pushed = await fetch(`${two!.url}/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: editor.cookie, origin: editor.origin },
        body: JSON.stringify({
          clientID: 'editor-on-process-2',
          mutations: [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 41 }, meta: { now: SEED_TIME.toISOString(), idSeed: 'twoproc1' } }],
        }),
      });
      expect(pushed.status).toBe(200);
      expect((await pushed.json()) as PushResponse).toEqual({ lastMutationID: 1, results: [{ id: 1, ok: true }] });

      const poke = (await nextEvent(reader, 'poke', (data) => (data as { version: number }).version > start.version)) as { version: number };
      expect(poke.version).toBe(start.version + 1);
      const changed = await get<PullResponse>(`/sync/pull?since=${start.version}`);
      expect(changed.version).toBe(poke.version);
      expect(changed.records.find((r) => r.collection === 'inventory' && r.id === 'inv_2')?.value).toMatchObject({ quantity: 41 });
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  });

  it('gives one API key 120 answers at once and 2 a second after, in all, through both processes', async () => {
    const owner = await signIn(one!, 'owner');
    const made = await fetch(`${one!.url}/developer/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie, origin: owner.origin },
      body: JSON.stringify({ role: 'Viewer', name: 'two processes' }),
    });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as { secret: string };
    const answers: number[] = [];
    const started = Date.now();
    for (let batch = 0; batch < 30; batch++) {
      const sent = Array.from({ length: 10 }, async (_, i) => {
        const server = i % 2 === 0 ? one! : two!;
        const response = await fetch(`${server.url}/api/v1/inventory?limit=1`, { headers: { authorization: `Bearer ${secret}` } });
        await response.arrayBuffer();
        answers.push(response.status);
      });
      await Promise.all(sent);
    }
    const seconds = (Date.now() - started) / 1000;
    expect(answers).toHaveLength(300);
    expect(new Set(answers)).toEqual(new Set([200, 429]));
    // One bucket of 120 for the key, refilled at 2 a second: however long the run took, at
    // least the 120 and no more than what refilled meanwhile (two buckets would give 240).
    const passed = answers.filter((status) => status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(120);
    expect(passed).toBeLessThanOrEqual(120 + Math.ceil(seconds * 2) + 1);
  });

  it('slows a stranger’s 50 wrong passwords through both processes as one, and lets the owner in from their usual address at once', async () => {
    const { email, password } = USERS.owner;
    const attempt = (server: Process, address: string, tried: string) =>
      fetch(`${server.url}/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': address },
        body: JSON.stringify({ email, password: tried }),
      });
    expect((await attempt(one!, '198.51.100.7', password)).status).toBe(200);
    const tries: { status: number; sent: number; answered: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const sent = performance.now();
      const { status } = await attempt(i % 2 === 0 ? one! : two!, '203.0.113.66', `guess-${i}`);
      tries.push({ status, sent, answered: performance.now() });
    }
    expect(new Set(tries.map((t) => t.status))).toEqual(new Set([401, 429]));
    // Five free failures in all (not five per process): the first five are checked, the sixth waits.
    expect(tries.slice(0, 5).map((t) => t.status)).toEqual([401, 401, 401, 401, 401]);
    // Past them, a guess is checked only once the wait after the failure before it has passed
    // (2 s, 4 s, 8 s …): how many that lets through depends on how fast this machine sends them,
    // so each one is held to the wait, whatever the machine's speed.
    const failed = tries.filter((t) => t.status === 401);
    for (let k = 5; k < failed.length; k++) {
      const waitMs = signInDelaySeconds(k, 5) * 1000;
      expect(failed[k].answered - failed[k - 1].sent, `failure ${k + 1} came after the ${waitMs / 1000} s wait`).toBeGreaterThanOrEqual(waitMs);
    }
    const elsewhere = await attempt(two!, '192.0.2.44', password);
    expect(elsewhere.status).toBe(429);
    expect((await elsewhere.json()) as { error: string }).toMatchObject({ error: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/) });
    for (const server of [one!, two!]) expect((await attempt(server, '198.51.100.7', password)).status).toBe(200);
  });
});
