// Child processes for tests and benches: a free loopback port, and a Node process (by default
// the team server, server/main.ts, as `npm start` runs it after its build check) started and
// waited on until it says it is ready. One copy, so every test and bench starts it the same way.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Node's arguments that run the team server from source. */
export const SERVER_MAIN = ['--import', 'tsx', 'server/main.ts'];

/** A TCP port on 127.0.0.1 that the system reports free. */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts `node <args>` in the repository with PORT, HOST=127.0.0.1 and LOG_LEVEL=warn (then `env`
 * on top), and resolves once it is ready: `/readyz` answers 200, or, with `readyLine`, that
 * text appears in its output. Rejects with the output when the process exits first, or when
 * `timeoutMs` passes (without one, the caller's own timeout bounds the wait).
 */
export async function startServerProcess({ args = SERVER_MAIN, env = {}, port, readyLine, timeoutMs, name = 'The server' } = {}) {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  // Emailed and shown links use the address the tests and benches open, so a link followed in
  // the browser lands on the same origin as its session cookie.
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', CREATORFLOW_PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise((done) => child.once('exit', () => done()));
  // Ready is what the process itself says: its output, or its /readyz.
  const ready = new Promise((done, fail) => {
    let settled = false;
    const finish = (failure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure) fail(new Error(`${name} ${failure}:\n${log}`));
      else done();
    };
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => finish('did not get ready'), timeoutMs);
    child.stdout.on('data', (chunk) => {
      log += String(chunk);
      if (readyLine !== undefined && log.includes(readyLine)) finish();
    });
    child.stderr.on('data', (chunk) => (log += String(chunk)));
    child.once('exit', () => finish('exited'));
    if (readyLine === undefined)
      void (async () => {
        while (!settled) {
          if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) finish();
          else await new Promise((wait) => setTimeout(wait, 100));
        }
      })();
  });
  try {
    await ready;
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    port: listenPort,
    child,
    output: () => log,
    /** Sends `signal` (SIGTERM unless told) if it still runs, and waits for the exit. */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
