// Starts `npm start`'s team server for an e2e test: a fresh PGlite data folder, an owner from
// the environment, a free port. Ready when /readyz answers 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const OWNER = { email: 'owner@acme.test', password: 'correct horse battery', name: 'Alex Morgan' };

async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface TeamServer {
  baseURL: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startTeamServer(extraEnv: Record<string, string> = {}): Promise<TeamServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-e2e-'));
  const port = await freePort();
  const root = resolve(import.meta.dirname, '../..');
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CREATORFLOW_DATA_DIR: join(dataDir, 'data'),
      CREATORFLOW_OWNER_EMAIL: OWNER.email,
      CREATORFLOW_OWNER_PASSWORD: OWNER.password,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += String(chunk)));
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const baseURL = `http://127.0.0.1:${port}`;
  // Ready is an observable state: the server says so on /readyz. Bounded by the test's timeout.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The team server exited:\n${log}`);
    const ready = await fetch(`${baseURL}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    baseURL,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
