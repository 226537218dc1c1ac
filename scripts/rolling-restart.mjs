#!/usr/bin/env node
// Debian's nginx in front of three team server processes on one PostgreSQL, all on loopback,
// with 30 clients speaking the sync protocol (push with retry by mutation id, pull, the event
// stream with its heartbeat) editing for CF_ROLLING_SECONDS (default 120) while the processes
// restart one at a time, twice (SIGTERM); then the same with one process killed with -9.
// Checks: every acknowledged edit kept once, every client converged, no stream silent 5 s
// (what a tab shows as "Can't reach the server"); reports the p95 of a teammate seeing an edit.
// Run by `npm run test:nightly`; exits 1 when a check fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServerProcess } from './processes.mjs';
import { root } from './setup.mjs';

const SECONDS = Number(process.env.CF_ROLLING_SECONDS ?? 120);
const CLIENTS = Number(process.env.CF_ROLLING_CLIENTS ?? 30);
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OWNER = { email: 'owner@rolling.test', password: 'rolling-restart-password-1' };
const SILENCE_MS = 5_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const p95 = (list) => (list.length ? [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * 0.95))] : NaN);

function nginxConfig(dir, port, upstreams) {
  let text = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/^user .*;$/m, '')
    .replace('pid /run/nginx.pid;', `pid ${dir}/nginx.pid;`)
    .replaceAll('/var/log/nginx/', `${dir}/`)
    .replace(/^ *listen \[::\].*$/gm, '')
    .replace(/^ *ssl_.*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${port + 1};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port};`);
  let i = 0;
  text = text.replace(/server 127\.0\.0\.1:\d+/g, () => `server 127.0.0.1:${upstreams[i++]}`);
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) text = text.replace(/^http \{$/m, `http {\n  ${temp}_temp_path ${dir}/${temp};`);
  return text;
}

/** One browser-like client: its own clientID, a queue of edits pushed until acknowledged, a stream, pulls. */
function client(base, cookie, index, stats) {
  const clientID = `rolling-${index}-${Date.now().toString(36)}`;
  let nextId = 1;
  let version = 0;
  const seen = new Map(); // sku -> time first seen
  const acked = [];
  let stopped = false;
  let lastHeard = Date.now();
  let maxSilence = 0;
  let pulling = null;
  const headers = { cookie, origin: base };
  async function pull() {
    if (pulling) return pulling;
    pulling = (async () => {
      for (;;) {
        try {
          const r = await fetch(`${base}/sync/pull?since=${version}&clientID=${clientID}`, { headers });
          if (r.status !== 200) throw new Error(`pull ${r.status}`);
          const body = await r.json();
          const now = Date.now();
          for (const rec of body.records) if (rec.collection === 'inventory' && rec.value?.sku?.startsWith('RR-') && !seen.has(rec.value.sku)) seen.set(rec.value.sku, now);
          version = body.version;
          return;
        } catch (error) {
          stats.pullRetries++;
          const reason = String(error?.cause?.code ?? error?.message ?? error);
          stats.pullErrorReasons[reason] = (stats.pullErrorReasons[reason] ?? 0) + 1;
          await sleep(200);
        }
      }
    })().finally(() => (pulling = null));
    return pulling;
  }
  async function stream() {
    while (!stopped) {
      const controller = new AbortController();
      stopStream = () => controller.abort();
      try {
        const r = await fetch(`${base}/sync/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
        if (r.status !== 200) throw new Error(`events ${r.status}`);
        const reader = r.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        void pull();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          lastHeard = Date.now();
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: poke$/m.test(block)) void pull();
          }
        }
        stats.streamEnds++;
      } catch (error) {
        if (stopped) return;
        stats.streamErrors++;
        const reason = String(error?.cause?.code ?? error?.message ?? error);
        stats.streamErrorReasons[reason] = (stats.streamErrorReasons[reason] ?? 0) + 1;
      }
      await sleep(250); // the reconnect hint (retry: 250)
    }
  }
  let stopStream = () => {};
  const watch = setInterval(() => {
    maxSilence = Math.max(maxSilence, Date.now() - lastHeard);
  }, 100);
  async function edit() {
    const id = nextId++;
    const sku = `RR-${index}-${id}`;
    const mutation = { id, name: 'inventory.addItem', args: { draft: { sku, name: `Rolling ${index}/${id}`, quantity: '1' } }, meta: { now: new Date().toISOString(), idSeed: `${clientID}x${id}` } };
    const sent = Date.now();
    for (;;) {
      try {
        const r = await fetch(`${base}/sync/push`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ clientID, mutations: [mutation] }) });
        if (r.status === 200) {
          const body = await r.json();
          if (!body.results[0]?.ok) throw new Error(`refused: ${JSON.stringify(body.results[0])}`);
          acked.push({ sku, sent, at: Date.now() });
          return;
        }
        stats.pushRetries++;
      } catch (error) {
        if (String(error).includes('refused:')) throw error;
        stats.pushRetries++;
      }
      await sleep(200);
    }
  }
  return {
    acked,
    seen,
    start() {
      void stream();
    },
    async run(untilMs) {
      while (Date.now() < untilMs) {
        await edit();
        await sleep(400 + Math.random() * 800);
      }
    },
    pull,
    maxSilence: () => maxSilence,
    stop() {
      stopped = true;
      clearInterval(watch);
      stopStream();
    },
  };
}

async function round(label, disrupt) {
  const database = `cf_rolling_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(ADMIN);
  url.pathname = `/${database}`;
  const dir = mkdtempSync(join(tmpdir(), 'cf-rolling-'));
  const nginxPort = await freePort();
  const base = `http://127.0.0.1:${nginxPort}`;
  const ports = [await freePort(), await freePort(), await freePort()];
  const env = {
    DATABASE_URL: url.toString(),
    TRUST_PROXY: '127.0.0.1',
    CREATORFLOW_PUBLIC_URL: base,
    CREATORFLOW_SECRET_KEY: 'a'.repeat(64),
    CREATORFLOW_OWNER_EMAIL: OWNER.email,
    CREATORFLOW_OWNER_PASSWORD: OWNER.password,
    CREATORFLOW_DATA_DIR: join(dir, 'data'),
  };
  const start = (port) => startServerProcess({ port, env, timeoutMs: 120_000 });
  const processes = [];
  for (const port of ports) processes.push(await start(port));
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, ports));
  const nginx = spawn('/usr/sbin/nginx', ['-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: 'inherit' });
  while (!(await fetch(`${base}/readyz`).then((r) => r.ok, () => false))) await sleep(100);
  const signedIn = await fetch(`${base}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(OWNER) });
  if (signedIn.status !== 200) throw new Error(`sign-in ${signedIn.status}: ${await signedIn.text()}`);
  const cookie = signedIn.headers.getSetCookie().map((l) => l.split(';')[0]).join('; ');
  const stats = { pushRetries: 0, pullRetries: 0, streamEnds: 0, streamErrors: 0, streamErrorReasons: {}, pullErrorReasons: {}, restarts: [] };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(base, cookie, i, stats));
  for (const c of clients) c.start();
  const until = Date.now() + SECONDS * 1000;
  const edits = Promise.all(clients.map((c) => c.run(until)));
  await disrupt(processes, start, stats);
  await edits;
  // Converged: every client pulls once more and must hold every acknowledged edit.
  await Promise.all(clients.map((c) => c.pull()));
  const allAcked = clients.flatMap((c) => c.acked);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const { rows } = await db.query("select sku from inventory where sku like 'RR-%'").finally(() => db.end());
  const stored = new Map();
  for (const row of rows) stored.set(row.sku, (stored.get(row.sku) ?? 0) + 1);
  const lost = allAcked.filter((a) => !stored.has(a.sku)).length;
  const twice = [...stored.values()].filter((n) => n > 1).length;
  const notConverged = clients.filter((c) => allAcked.some((a) => !c.seen.has(a.sku))).length;
  const seenDelays = [];
  for (const a of allAcked) for (const c of clients) if (c.seen.has(a.sku)) seenDelays.push(c.seen.get(a.sku) - a.at);
  const maxSilence = Math.max(...clients.map((c) => c.maxSilence()));
  for (const c of clients) c.stop();
  nginx.kill('SIGTERM');
  await Promise.all(processes.map((p) => p.stop()));
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  if (process.env.CF_ROLLING_KEEP) console.log('kept', dir);
  else rmSync(dir, { recursive: true, force: true });
  const result = { label, seconds: SECONDS, clients: CLIENTS, acknowledged: allAcked.length, lost, appliedTwice: twice, clientsNotConverged: notConverged, teammateSeesP95Ms: p95(seenDelays), teammateSeesP50Ms: [...seenDelays].sort((a, b) => a - b)[Math.floor(seenDelays.length / 2)], longestStreamSilenceMs: maxSilence, ...stats, loadAverage: loadavg().map((x) => x.toFixed(2)).join(' ') };
  console.log(JSON.stringify(result));
  return result.lost === 0 && result.appliedTwice === 0 && result.clientsNotConverged === 0 && maxSilence < SILENCE_MS;
}

/** Restarts each process in turn, twice, spread over the run; each waits for the last to be ready. */
async function rolling(processes, start, stats) {
  const gap = (SECONDS * 1000) / 7;
  for (let pass = 0; pass < 2; pass++)
    for (let i = 0; i < processes.length; i++) {
      await sleep(gap);
      const began = Date.now();
      const port = processes[i].port;
      await processes[i].stop('SIGTERM');
      const stoppedMs = Date.now() - began;
      processes[i] = await start(port);
      stats.restarts.push({ port, stoppedMs, readyAgainMs: Date.now() - began });
    }
}

/** Kills one process with -9 a third of the way in, and starts it again. */
async function killed(processes, start, stats) {
  await sleep((SECONDS * 1000) / 3);
  const port = processes[1].port;
  const began = Date.now();
  await processes[1].stop('SIGKILL');
  processes[1] = await start(port);
  stats.restarts.push({ port, killed: true, readyAgainMs: Date.now() - began });
}

const ok1 = await round('rolling restart (SIGTERM), three processes one at a time, twice', rolling);
const ok2 = await round('one process killed with -9', killed);
process.exit(ok1 && ok2 ? 0 : 1);
