// The team server's entry: settings from the environment, the database (PGlite in the data
// folder, or PostgreSQL at DATABASE_URL), migrations, the first-start seed, then listening.
// SIGINT/SIGTERM stop it gracefully (server/http/shutdown.ts) before exiting.
import { mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { buildApp } from './app';
import { localOrigin } from './http/links';
import { shutDown, SHUTDOWN_BOUND_MS } from './http/shutdown';
import { bootstrap, BootstrapError, checkOwnerSettings } from './bootstrap';
import { ConfigError, describeDatabaseUrl, describeSmtpUrl, readConfig } from './config';
import { migrateDatabase, openPostgres, type DatabaseHandle } from './db/client';
import { openMigratedPglite } from './db/template';
import { acquireLock, LockError, type Lock } from './lock';
import { loggableError } from './validation';
import { sealLegacySecrets } from './integrations/credentials';
import { loadSecretBox, SecretKeyError, type LoadedSecretBox } from './secrets/box';

const root = resolve(import.meta.dirname, '..');

function fail(message: string): never {
  process.stderr.write(`\n✗ ${message}\n\n`);
  process.exit(1);
}

async function openMigratedPostgres(url: string): Promise<DatabaseHandle> {
  const handle = await openPostgres(url, {
    onPoolError: (error) => process.stderr.write(`${JSON.stringify({ level: 50, msg: 'database connection lost', err: loggableError(error) })}\n`),
  });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}

async function main() {
  let config;
  try {
    config = readConfig(process.env, root);
    checkOwnerSettings(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BootstrapError) fail(error.message);
    throw error;
  }

  let secrets: LoadedSecretBox;
  try {
    secrets = loadSecretBox({ key: config.secretKey, previous: config.secretKeyPrevious, keyFile: config.secretKeyFile });
  } catch (error) {
    if (error instanceof SecretKeyError) fail(error.message);
    fail(`The secret key file ${config.secretKeyFile} could not be read or made: ${String((error as Error).message)}`);
  }

  let lock: Lock | null = null;
  const where = config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : `PGlite in ${config.dataDir}`;
  if (!config.databaseUrl) {
    try {
      // PGlite does not create missing parent folders; the lock file lives beside the data folder.
      mkdirSync(dirname(config.dataDir), { recursive: true });
      lock = acquireLock(join(dirname(config.dataDir), `${basename(config.dataDir)}.lock`), config.dataDir);
    } catch (error) {
      if (error instanceof LockError) fail(error.message);
      throw error;
    }
    process.stdout.write(`Opening the database (${where})…\n`);
  }

  let handle: DatabaseHandle;
  try {
    handle = config.databaseUrl ? await openMigratedPostgres(config.databaseUrl) : await openMigratedPglite(config.dataDir, join(root, '.creatorflow', 'cache'));
  } catch (error) {
    fail(`The database could not be migrated (${where}): ${String(loggableError(error).message)}`);
  }

  let boot;
  try {
    boot = await bootstrap(handle, {
      ownerEmail: config.ownerEmail,
      ownerPassword: config.ownerPassword,
      ownerName: config.ownerName,
      now: new Date(),
    });
  } catch (error) {
    await handle.close().catch(() => undefined);
    if (error instanceof BootstrapError) fail(error.message);
    throw error;
  }

  try {
    const cleaned = await handle.exclusive(() => sealLegacySecrets(handle.db, secrets.box, new Date()));
    if (cleaned) process.stdout.write(`Sealed or removed ${cleaned} credential${cleaned === 1 ? '' : 's'} stored in the clear by an older version.\n`);
  } catch (error) {
    await handle.close().catch(() => undefined);
    fail(`Stored credentials could not be sealed: ${String(loggableError(error).message)}`);
  }

  // The OpenTelemetry SDK is loaded only when spans have somewhere to go.
  const tracing = config.tracesEndpoint ? (await import('./http/tracing-sdk')).startTracing(config.tracesEndpoint, process.env.OTEL_SERVICE_NAME?.trim() || undefined) : undefined;
  const app = await buildApp({
    database: handle,
    root,
    closeDatabase: true,
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    logger: { level: config.logLevel },
    secretBox: secrets.box,
    webhooks: { allowLoopback: config.webhooksAllowLoopback },
    metricsToken: config.metricsToken,
    ...(tracing ? { tracing } : {}),
    mail: { settings: config.mail },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1); // a second Ctrl-C: stop waiting
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The bound: whatever is still running then (a stuck request, a mail server that does not answer) is cut.
    setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS).unref();
    try {
      await shutDown(app, { drainDelayMs: config.drainDelayMs });
    } finally {
      lock?.release();
      // The last spans are sent before the process ends.
      await tracing?.shutdown().catch(() => undefined);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    lock?.release();
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === 'EADDRINUSE' ? `Port ${config.port} is already in use: set PORT to another port.` : `The server could not start: ${String(error)}`);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = config.publicOrigin ?? localOrigin(port);
  const lines = [
    '',
    `Creatorflow is running at ${origin}/`,
    `  Database: ${where}${boot.seeded ? ' (new: seeded with the sample workspace "Acme")' : ''}`,
  ];
  lines.push(
    secrets.source === 'environment'
      ? `  Secret key: CREATORFLOW_SECRET_KEY (key ${secrets.box.keyId})`
      : `  Secret key: ${config.secretKeyFile}${secrets.source === 'new file' ? ' (new)' : ''} (key ${secrets.box.keyId}); back it up apart from the database`,
  );
  if (config.databaseUrl && secrets.source !== 'environment') {
    lines.push('  Several server processes on one PostgreSQL must share one key: set CREATORFLOW_SECRET_KEY on each.');
  }
  for (const email of boot.ownerEmails) lines.push(`  Sign in at ${origin}/signin as ${email}`);
  for (const link of boot.setupLinks)
    lines.push(`  Choose the owner's password (${link.email}) with this one-time link:`, `    ${origin}${link.path}`);
  lines.push(
    config.mail.smtpUrl
      ? `  Mail: sent through ${describeSmtpUrl(config.mail.smtpUrl)} from ${config.mail.from}`
      : `  Mail: no SMTP_URL, so each message is written to ${config.mail.dir}`,
  );
  if (config.host === '127.0.0.1') lines.push('  Only this computer can connect (for your team: HOST=0.0.0.0 behind an HTTPS proxy, with CREATORFLOW_PUBLIC_URL).');
  lines.push('  Stop with Ctrl-C.', '');
  // The console, not the structured log: the setup link is a secret meant for the person starting the server.
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${JSON.stringify({ level: 60, msg: 'server failed', err: loggableError(error) })}\n`);
  process.exit(1);
});
