// npm run reset-password -- <email>
//
// For the person who runs the server: prints a one-time link where the account of <email>
// chooses a new password (30 minutes, single use; using it ends the account's sessions). It
// never takes a password on the command line, where shell history and process lists keep it.
import { basename, dirname, join, resolve } from 'node:path';
import { PASSWORD_RESET_MINUTES } from '../lib/domain/mail';
import { createResetLink, resettableAccount } from './auth/reset';
import { localOrigin } from './http/links';
import { ConfigError, readConfig } from './config';
import { migrateDatabase, openPglite, openPostgres, type DatabaseHandle } from './db/client';
import { acquireLock, LockError, type Lock } from './lock';

const root = resolve(import.meta.dirname, '..');

function fail(message: string): never {
  process.stderr.write(`\n✗ ${message}\n\n`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || !args[0].includes('@'))
    fail('Name the account: npm run reset-password -- owner@example.com (the new password is chosen on the printed page, never here).');
  const email = args[0];
  let config;
  try {
    config = readConfig(process.env, root);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let lock: Lock | null = null;
  let handle: DatabaseHandle;
  if (config.databaseUrl) handle = await openPostgres(config.databaseUrl, { max: 2 });
  else {
    try {
      lock = acquireLock(join(dirname(config.dataDir), `${basename(config.dataDir)}.lock`), config.dataDir);
    } catch (error) {
      if (error instanceof LockError) fail(`${error.message} PGlite serves one process: stop the server, run this, then start it again.`);
      throw error;
    }
    handle = await openPglite({ dataDir: config.dataDir });
  }
  try {
    await migrateDatabase(handle);
    const account = await resettableAccount(handle.db, email);
    if (!account) fail(`No active team member signs in as ${email}.`);
    const link = await createResetLink(handle.db, account.userId, new Date());
    const origin = config.publicOrigin ?? localOrigin(config.port);
    // The console, not a log: the link is a secret meant for the person running this command.
    process.stdout.write(
      [
        '',
        `A one-time password reset link for ${account.email}:`,
        `  ${origin}${link.path}`,
        `It works once, for ${PASSWORD_RESET_MINUTES} minutes; choosing the new password signs the account out everywhere.`,
        '',
      ].join('\n'),
    );
  } finally {
    await handle.close();
    lock?.release();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
