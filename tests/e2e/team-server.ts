// Starts `npm start`'s team server for an e2e test: a fresh PGlite data folder, an owner from
// the environment, a free port. Ready when /readyz answers 200.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../../scripts/processes.mjs';

export const OWNER = { email: 'owner@acme.test', password: 'correct horse battery', name: 'Alex Morgan' };

export interface TeamServer {
  baseURL: string;
  /** CREATORFLOW_DATA_DIR: PGlite's files and, without SMTP_URL, the server's mail in `mail/`. */
  dataDir: string;
  output: () => string;
  /** Sends the server process a signal: SIGSTOP freezes it (its sockets stay open, nothing answers), SIGCONT wakes it. */
  signal(name: 'SIGSTOP' | 'SIGCONT'): void;
  stop(): Promise<void>;
}

export async function startTeamServer(extraEnv: Record<string, string> = {}): Promise<TeamServer> {
  const folder = mkdtempSync(join(tmpdir(), 'cf-e2e-'));
  const dataDir = join(folder, 'data');
  const server = await startServerProcess({
    args: ['scripts/start.mjs'],
    name: 'The team server',
    env: {
      CREATORFLOW_DATA_DIR: dataDir,
      CREATORFLOW_OWNER_EMAIL: OWNER.email,
      CREATORFLOW_OWNER_PASSWORD: OWNER.password,
      // The suite runs against the build it was given (npm test builds first).
      CREATORFLOW_USE_BUILD: '1',
      // The tests' own webhook receivers listen on 127.0.0.1.
      CREATORFLOW_WEBHOOKS_ALLOW_LOOPBACK: '1',
      ...extraEnv,
    },
  });
  return {
    baseURL: server.url,
    dataDir,
    output: server.output,
    signal: (name) => void server.child.kill(name),
    async stop() {
      // A frozen process would never take the signal that ends it.
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGCONT');
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
