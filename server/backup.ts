// npm run backup [-- file] / npm run restore -- file
//
// PGlite: a dump of the whole data folder (dumpDataDir, a .tar.gz), taken with the server
// stopped (the data folder's lock says so). PostgreSQL: pg_dump's custom format, restored
// with pg_restore; the password travels in PGPASSWORD, never on the command line.
//
// The data folder's mail/ (.eml files written without SMTP_URL) goes with a PGlite backup, as
// part of the folder. A restore keeps the messages written since the backup: they are moved
// into the restored folder beside the backup's own, since a restored database un-sends nothing.
// With PostgreSQL the dump holds the database only, and restore leaves the mail folder as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ConfigError, readConfig } from './config';
import { migrateDatabase, openPglite } from './db/client';
import { keepMailWrittenSince } from './data-folder';
import { acquireLock, LockError } from './lock';
import { restoreCommand } from './restore-command';

const root = resolve(import.meta.dirname, '..');
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function fail(message: string): never {
  process.stderr.write(`\n✗ ${message}\n\n`);
  process.exit(1);
}

/** The URL without its password, and the password for PGPASSWORD. */
function splitPassword(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function tool(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) fail(`${command} could not run (${result.error.message}). Install PostgreSQL's client tools (Debian: apt-get install -y postgresql-client).`);
  if (result.status !== 0) fail(`${command} failed (exit ${result.status})`);
}

function lockDataDir(dataDir: string) {
  try {
    return acquireLock(join(dirname(dataDir), `${basename(dataDir)}.lock`), dataDir);
  } catch (error) {
    if (error instanceof LockError) fail(`${error.message} The server must be stopped for a backup or restore of PGlite.`);
    throw error;
  }
}

async function backup(target: string | undefined) {
  const config = readConfig(process.env, root);
  const backups = join(root, '.creatorflow', 'backups');
  if (config.databaseUrl) {
    const file = resolve(target ?? join(backups, `creatorflow-${stamp()}.dump`));
    mkdirSync(dirname(file), { recursive: true });
    const { url, env } = splitPassword(config.databaseUrl);
    tool('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', url], env);
    process.stdout.write(`Backup written: ${file}\nRestore it with: ${restoreCommand({ kind: 'postgres', databaseUrl: config.databaseUrl }, file)}\n`);
    return;
  }
  if (!existsSync(config.dataDir)) fail(`There is no data folder at ${config.dataDir} yet: start the server once first.`);
  const lock = lockDataDir(config.dataDir);
  try {
    const file = resolve(target ?? join(backups, `creatorflow-${stamp()}.tar.gz`));
    mkdirSync(dirname(file), { recursive: true });
    const handle = await openPglite({ dataDir: config.dataDir });
    try {
      const dump = await handle.pglite!.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await handle.close();
    }
    process.stdout.write(`Backup written: ${file}\nRestore it with: ${restoreCommand({ kind: 'pglite', dataDir: config.dataDir }, file)}\n`);
  } finally {
    lock.release();
  }
}

async function restore(source: string | undefined) {
  if (!source) fail('Name the backup to restore: npm run restore -- <file>');
  const file = resolve(source);
  if (!existsSync(file)) fail(`No such file: ${file}`);
  const config = readConfig(process.env, root);
  if (config.databaseUrl) {
    const { url, env } = splitPassword(config.databaseUrl);
    tool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', url, file], env);
    process.stdout.write(`Restored ${file} into the database at DATABASE_URL.\n`);
    return;
  }
  const lock = lockDataDir(config.dataDir);
  try {
    // The current data is kept aside, never deleted.
    let keptAt: string | null = null;
    if (existsSync(config.dataDir)) {
      keptAt = `${config.dataDir}.before-restore-${stamp()}`;
      renameSync(config.dataDir, keptAt);
    }
    const handle = await openPglite({ dataDir: config.dataDir, loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    const keptMail = keptAt ? keepMailWrittenSince(keptAt, config.dataDir) : 0;
    process.stdout.write(
      `Restored ${file} into ${config.dataDir}.${keptAt ? `\nThe previous data is kept in ${keptAt}.` : ''}${keptMail ? `\n${keptMail} message(s) written since the backup were kept in ${join(config.dataDir, 'mail')}.` : ''}\n`,
    );
  } finally {
    lock.release();
  }
}

const [command, argument] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(argument);
  else if (command === 'restore') await restore(argument);
  else fail('Usage: npm run backup [-- file] | npm run restore -- file');
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
