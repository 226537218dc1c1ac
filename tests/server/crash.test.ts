// A crash loses nothing acknowledged and applies nothing twice: the real server process
// (fresh data) takes a burst of pushes from several clients, is killed with SIGKILL in the
// middle, and restarts on the same data. Every mutation it acknowledged is there exactly once
// with its activity entry (none half-applied); each client then pushes again everything it
// had no answer for, and lastMutationID semantics apply each of them exactly once.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { freePort, startServerProcess } from '../../scripts/processes.mjs';
import { DB_KINDS } from './harness';
import { adminQuery, withDatabase } from './pg';

const OWNER = { email: 'crash-owner@example.com', password: 'crash-owner-password-1' };
const CLIENTS = 4;

/** Starts server/main.ts as `npm start` does (without the build), and waits until it is ready. */
async function startProcess(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const server = await startServerProcess({ port, env: { ...env, CREATORFLOW_OWNER_EMAIL: OWNER.email, CREATORFLOW_OWNER_PASSWORD: OWNER.password } });
  return server.child;
}

const meta = (client: number, id: number) => ({ now: new Date().toISOString(), idSeed: `c${client}m${id}` });
const titleOf = (client: number, id: number) => `crash ${client} ${id}`;
const addEvent = (client: number, id: number) => ({
  id,
  name: 'calendar.addEvent',
  args: { draft: { title: titleOf(client, id), start: '2026-03-12T10:00', end: '2026-03-12T11:00', type: 'reminder', description: '', creatorName: '' } },
  meta: meta(client, id),
});

describe.each(DB_KINDS)('a crash of the server process on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged mutation once, none half-applied, and applies the retried ones once', async () => {
    let env: Record<string, string>;
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'cf-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env = { CREATORFLOW_DATA_DIR: join(dir, 'data'), DATABASE_URL: '' };
    } else {
      const admin = inject('pgAdminUrl');
      const name = `cf_crash_${randomBytes(6).toString('hex')}`;
      await adminQuery(admin, `create database ${name}`);
      cleanups.push(() => adminQuery(admin, `drop database if exists ${name} with (force)`));
      env = { DATABASE_URL: withDatabase(admin, name) };
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = await startProcess(env, port);
    cleanups.push(() => {
      child.kill('SIGKILL');
    });

    const signin = await fetch(`${base}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
    expect(signin.status).toBe(200);
    const cookie = signin.headers.get('set-cookie')!.split(';')[0];
    const call = async <T>(path: string, body?: unknown) => {
      const response = await fetch(base + path, {
        method: body ? 'POST' : 'GET',
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as T };
    };

    const startVersion = (await call<PullResponse>('/sync/pull?since=0')).body.version;
    // The burst: each client pushes one mutation at a time; the kill comes once 40 are acknowledged.
    const acked = Array.from({ length: CLIENTS }, () => 0);
    const sent = Array.from({ length: CLIENTS }, () => 0);
    let total = 0;
    let killed = false;
    const killedAt = new Promise<void>((done) => {
      const bursts = acked.map(async (_, client) => {
        for (let id = 1; !killed; id++) {
          sent[client] = id;
          try {
            const { status, body } = await call<PushResponse>('/sync/push', { clientID: `crash-${client}`, mutations: [addEvent(client, id)] });
            if (status === 200 && body.lastMutationID === id && !killed) {
              acked[client] = id;
              if (++total >= 40 && !killed) {
                killed = true;
                child.kill('SIGKILL');
                done();
              }
            }
          } catch {
            // The connection died with the process: this one has no answer.
            return;
          }
        }
      });
      void Promise.all(bursts).then(() => done());
    });
    await killedAt;
    await new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));

    // Restart on the same data.
    child = await startProcess(env, port);
    const after = (await call<PullResponse>('/sync/pull?since=0')).body;
    const titles = after.records.filter((r) => r.collection === 'events' && (r.value as { title: string } | null)?.title.startsWith('crash ')).map((r) => (r.value as { title: string }).title);
    const activity = new Set(after.records.filter((r) => r.collection === 'activity').map((r) => r.id));
    expect(new Set(titles).size).toBe(titles.length);
    for (let client = 0; client < CLIENTS; client++) {
      const { body } = await call<PullResponse>(`/sync/pull?since=0&clientID=crash-${client}`);
      const last = body.lastMutationID;
      // Acknowledged means stored; stored means the server had taken it (possibly unanswered).
      expect(last).toBeGreaterThanOrEqual(acked[client]);
      expect(last).toBeLessThanOrEqual(sent[client]);
      for (let id = 1; id <= last; id++) {
        expect(titles).toContain(titleOf(client, id));
        // The event and its activity entry were one transaction.
        expect(activity.has(`act_c${client}m${id}`), `activity of ${titleOf(client, id)}`).toBe(true);
      }
      expect(titles).not.toContain(titleOf(client, last + 1));
      // The client retries everything it had no answer for, plus one more, starting from its last
      // acknowledged one (as a client does whose answer was lost on the way).
      const from = Math.max(1, acked[client]);
      const retry = Array.from({ length: sent[client] + 2 - from }, (_, i) => addEvent(client, from + i));
      const pushed = await call<PushResponse>('/sync/push', { clientID: `crash-${client}`, mutations: retry });
      expect(pushed.status).toBe(200);
      expect(pushed.body.lastMutationID).toBe(sent[client] + 1);
    }
    const final = (await call<PullResponse>('/sync/pull?since=0')).body;
    const finalTitles = final.records.filter((r) => r.collection === 'events' && (r.value as { title: string } | null)?.title.startsWith('crash ')).map((r) => (r.value as { title: string }).title);
    expect(finalTitles.length).toBe(new Set(finalTitles).size);
    // Each mutation was applied once: one commit (one version) each, none run again by a retry.
    expect(final.version - startVersion).toBe(finalTitles.length);
    expect(finalTitles.sort()).toEqual(
      Array.from({ length: CLIENTS }, (_, client) => Array.from({ length: sent[client] + 1 }, (_, i) => titleOf(client, i + 1)))
        .flat()
        .sort(),
    );
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }, 120_000);
});
