// Which PostgreSQL the server tests run against, in this order:
//   1. DATABASE_URL, when set (its role must be able to CREATE DATABASE);
//   2. a PostgreSQL answering on 127.0.0.1:5432 (trust auth, user postgres or root);
//   3. a throwaway cluster from Debian's postgresql package (installed with apt when run as
//      root and missing), started with initdb/pg_ctl in a temporary folder on a free port,
//      stopped at the end.
// When none can be had, the run fails and says why: the PostgreSQL half is never skipped.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/processes.mjs';

export interface PostgresServer {
  /** A URL on a database the tests may CREATE DATABASE from. */
  adminUrl: string;
  /** How it was found (printed once). */
  source: string;
  stop(): Promise<void>;
}

/** A URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function canCreateDatabases(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>('select (rolcreatedb or rolsuper) as ok from pg_roles where rolname = current_user');
    return Boolean(rows[0]?.ok);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Exported for a manual check of this path on machines that do have a PostgreSQL. */
export async function throwawayCluster(): Promise<PostgresServer> {
  let bin = binDir();
  if (!bin) {
    if (!isRoot())
      throw new Error(
        'The server tests need PostgreSQL and none was found: set DATABASE_URL, start PostgreSQL on 127.0.0.1:5432, ' +
          'or install Debian\'s package (sudo apt-get install -y postgresql).',
      );
    const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql'], { stdio: 'inherit' });
    bin = binDir();
    if (install.status !== 0 || !bin) throw new Error('Installing PostgreSQL with apt-get failed: the server tests cannot run against PostgreSQL.');
  }
  const dir = mkdtempSync(join(tmpdir(), 'cf-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const asOwner = (command: string, args: string[]) => {
    if (isRoot()) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  if (isRoot()) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  asOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  asOwner(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    '-w',
    'start',
  ]);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: `a throwaway PostgreSQL cluster (${bin}) on port ${port}`,
    async stop() {
      try {
        asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function resolvePostgres(): Promise<PostgresServer> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    if (!(await canCreateDatabases(fromEnv)))
      throw new Error('DATABASE_URL is set, but its role cannot connect or cannot CREATE DATABASE: the server tests need both.');
    return { adminUrl: fromEnv, source: 'DATABASE_URL', stop: async () => undefined };
  }
  for (const user of ['postgres', 'root']) {
    for (const database of ['test', 'postgres']) {
      const url = `postgres://${user}@127.0.0.1:5432/${database}`;
      if (await canCreateDatabases(url)) return { adminUrl: url, source: `PostgreSQL on 127.0.0.1:5432 (user ${user})`, stop: async () => undefined };
    }
  }
  return throwawayCluster();
}

/** Runs one statement on the admin connection. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
