#!/usr/bin/env node
// npm run soak [-- --minutes N]: 50 simulated members push and pull against the real server
// process on PostgreSQL over loopback for N minutes (default 5), then stop by themselves.
// Each member joins through an invitation (its own address, as behind a proxy), then loops:
// push one calendar event with a unique title, pull what changed. At the end every event the
// server acknowledged must be there exactly once. Reports errors, lost or duplicated
// mutations, the server's RSS at start and end, and push latency (p50, p99). Exit code 1 on
// any error, loss or duplicate.
//
// The database: a fresh one made from DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/test; its role must be able to CREATE DATABASE), dropped after.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort } from './processes.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const minutesAt = args.indexOf('--minutes');
const minutes = minutesAt >= 0 ? Number(args[minutesAt + 1]) : 5;
if (!(minutes > 0 && minutes <= 60)) {
  console.error('--minutes takes a number of minutes between 0 and 60');
  process.exit(2);
}
const MEMBERS = 50;
const OWNER = { email: 'soak-owner@example.com', password: 'soak-owner-password-1' };

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `cf_soak_${randomBytes(4).toString('hex')}`;
const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};
async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const rssOf = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

await admin(`create database ${dbName}`);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// tsx as a loader in this very process (its CLI would put the server in a child, and the RSS read would be the CLI's).
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: withDatabase(adminUrl, dbName),
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    CREATORFLOW_OWNER_EMAIL: OWNER.email,
    CREATORFLOW_OWNER_PASSWORD: OWNER.password,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOutput = '';
server.stdout.on('data', (chunk) => (serverOutput += chunk));
server.stderr.on('data', (chunk) => (serverOutput += chunk));
let serverExited = false;
server.on('exit', () => (serverExited = true));

const errors = [];
async function cleanup() {
  if (!serverExited) {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
  await admin(`drop database if exists ${dbName} with (force)`).catch((error) => errors.push(`drop database: ${error.message}`));
}

/** A member's browser: its address and session cookie. */
class Member {
  constructor(address) {
    this.address = address;
    this.cookie = '';
  }
  async call(method, path, body) {
    const response = await fetch(base + path, {
      method,
      headers: { 'x-forwarded-for': this.address, ...(this.cookie ? { cookie: this.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  }
}

try {
  const started = Date.now();
  while (true) {
    if (serverExited) throw new Error(`The server exited:\n${serverOutput}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() - started > 60_000) throw new Error(`The server did not become ready:\n${serverOutput}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  const owner = new Member('10.0.0.1');
  const signin = await owner.call('POST', '/auth/signin', OWNER);
  if (signin.status !== 200) throw new Error(`Owner sign-in: ${signin.status} ${JSON.stringify(signin.json)}`);
  const members = [owner];
  for (let i = 2; i <= MEMBERS; i++) {
    const invited = await owner.call('POST', '/team/invitations', {
      email: `soak-${i}@example.com`,
      role: 'Editor',
      permissions: { editAutomations: false, sendOutreach: false, manageTeam: false, viewAnalytics: true },
    });
    if (invited.status !== 200) throw new Error(`Invitation ${i}: ${invited.status} ${JSON.stringify(invited.json)}`);
    const token = new URL(invited.json.inviteUrl).pathname.split('/').pop();
    const member = new Member(`10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    const accepted = await member.call('POST', `/invitations/${token}/accept`, { name: `Soak Member ${i}`, password: `soak-member-password-${i}` });
    if (accepted.status !== 200) throw new Error(`Accept ${i}: ${accepted.status} ${JSON.stringify(accepted.json)}`);
    members.push(member);
  }

  const rssStart = rssOf(server.pid);
  const deadline = Date.now() + minutes * 60_000;
  const latencies = [];
  const acknowledged = new Set();
  let pulls = 0;
  console.log(`Soak: ${MEMBERS} members for ${minutes} minute(s) against ${base} (PostgreSQL ${dbName}); server RSS at start ${mb(rssStart)}`);

  await Promise.all(
    members.map(async (member, index) => {
      const clientID = `soak-${index}`;
      let version = 0;
      for (let id = 1; Date.now() < deadline; id++) {
        const title = `soak ${index} ${id}`;
        const sent = performance.now();
        const push = await member.call('POST', '/sync/push', {
          clientID,
          mutations: [
            {
              id,
              name: 'calendar.addEvent',
              args: { draft: { title, start: '2026-03-12T10:00', end: '2026-03-12T11:00', type: 'reminder', description: '', creatorName: '' } },
              meta: { now: new Date().toISOString(), idSeed: `s${index}x${id}` },
            },
          ],
        });
        latencies.push(performance.now() - sent);
        if (push.status !== 200 || !push.json.results[0]?.ok || push.json.lastMutationID !== id) {
          errors.push(`push ${clientID}#${id}: ${push.status} ${JSON.stringify(push.json)}`);
          if (errors.length > 20) return;
          continue;
        }
        acknowledged.add(title);
        const pull = await member.call('GET', `/sync/pull?since=${version}&clientID=${clientID}`);
        if (pull.status !== 200) errors.push(`pull ${clientID}: ${pull.status} ${JSON.stringify(pull.json)}`);
        else {
          version = pull.json.version;
          pulls++;
        }
      }
    }),
  );

  const rssEnd = rssOf(server.pid);
  const final = await owner.call('GET', '/sync/pull?since=0');
  const titles = final.json.records.filter((r) => r.collection === 'events' && r.value && r.value.title.startsWith('soak ')).map((r) => r.value.title);
  const counts = new Map();
  for (const title of titles) counts.set(title, (counts.get(title) ?? 0) + 1);
  const lost = [...acknowledged].filter((title) => !counts.has(title));
  const duplicated = [...counts].filter(([, n]) => n > 1).map(([title]) => title);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1) : 'n/a');
  console.log(`Pushes acknowledged: ${acknowledged.size}; pulls: ${pulls}; events stored: ${titles.length}`);
  console.log(`Push latency: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
  console.log(`Server RSS: start ${mb(rssStart)}, end ${mb(rssEnd)}`);
  console.log(`Errors: ${errors.length}; lost: ${lost.length}; duplicated: ${duplicated.length}`);
  for (const error of errors.slice(0, 10)) console.log(`  ${error}`);
  if (lost.length) console.log(`  lost, e.g. ${lost.slice(0, 5).join(', ')}`);
  if (duplicated.length) console.log(`  duplicated, e.g. ${duplicated.slice(0, 5).join(', ')}`);
  process.exitCode = errors.length || lost.length || duplicated.length ? 1 : 0;
} catch (error) {
  console.error(`Soak failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
