// Once per run: find PostgreSQL, and build the fixture database twice — a PostgreSQL
// template database (each test file copies it with CREATE DATABASE ... TEMPLATE) and a
// PGlite dump (each test file loads it with loadDataDir: a fresh initdb costs seconds,
// a load a fraction of one).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../../server/db/client';
import { seedFixture } from './fixture';
import { adminQuery, resolvePostgres, withDatabase } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const postgres = await resolvePostgres();
  const template = `cf_template_${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'cf-pglite-template-'));
  const dumpFile = join(dir, 'fixture.tar.gz');

  const buildPostgres = async () => {
    await adminQuery(postgres.adminUrl, `create database ${template}`);
    const handle = await openPostgres(withDatabase(postgres.adminUrl, template), { max: 2 });
    try {
      await migrateDatabase(handle);
      await seedFixture(handle);
    } finally {
      await handle.close();
    }
  };
  const buildPglite = async () => {
    const handle = await openPglite();
    try {
      await migrateDatabase(handle);
      await seedFixture(handle);
      const dump = await handle.pglite!.dumpDataDir('gzip');
      writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await handle.close();
    }
  };
  await Promise.all([buildPostgres(), buildPglite()]);
  console.log(`server tests: PostgreSQL from ${postgres.source}; fixture databases ready in ${Date.now() - started} ms`);

  project.provide('pgAdminUrl', postgres.adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgliteTemplate', dumpFile);

  return async () => {
    await adminQuery(postgres.adminUrl, `drop database if exists ${template} with (force)`).catch(() => undefined);
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
