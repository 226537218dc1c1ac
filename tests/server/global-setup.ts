// Once per run: find PostgreSQL, and build the fixture database twice — a PostgreSQL
// template database (each test file copies it with CREATE DATABASE ... TEMPLATE) and a
// PGlite dump (each test file loads it with loadDataDir: a fresh initdb costs seconds,
// a load a fraction of one).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../../server/db/client';
import { recordToRow, TABLE_COLLECTIONS } from '../../server/db/records';
import { emptyWorkspaceData, sampleWorkspaceData } from '../../server/db/seed-data';
import { prepareTemplate, templateFile } from '../../server/db/template';
import { SEED_TIME, seedFixture, TEST_HASH_COST, USERS } from './fixture';
import { adminQuery, resolvePostgres, withDatabase } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgliteTemplate: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

/**
 * The code that writes the fixture's rows (beside the rows themselves, below). Only these: an
 * edit elsewhere in lib/ or server/ reuses the dump; an edit that changes what is seeded shows
 * in the rows.
 */
export const SEEDING_CODE = [
  'tests/server/fixture.ts',
  'server/bootstrap.ts',
  'server/db/seed.ts',
  'server/db/schema.ts',
  'server/auth/passwords.ts',
  'server/auth/tokens.ts',
];

/**
 * What the fixture database is made from, as a digest: the empty migrated database it starts
 * from (PGlite's version and the migrations: server/db/template.ts names it by them), the code
 * that seeds it, and the seed's inputs, the very rows it writes.
 */
export function fixtureKey(): string {
  const hash = createHash('sha256');
  hash.update(templateFile(''));
  for (const path of SEEDING_CODE) hash.update(path).update(readFileSync(join(root, path)));
  const rows = (data: ReturnType<typeof sampleWorkspaceData>) => ({
    collections: TABLE_COLLECTIONS.map((c) => [c, data.collections[c].map((record, i) => recordToRow(c, record as never, { workspaceId: '', version: 1, position: i + 1 }))]),
    singletons: data.singletons,
  });
  hash.update(
    JSON.stringify({
      users: USERS,
      cost: TEST_HASH_COST,
      time: SEED_TIME,
      acme: rows(sampleWorkspaceData(SEED_TIME, USERS.owner)),
      globex: rows(emptyWorkspaceData(SEED_TIME, 'Globex')),
    }),
  );
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const postgres = await resolvePostgres();
  const template = `cf_template_${randomBytes(6).toString('hex')}`;
  // Kept between runs (in .tmp/, git-ignored) until what it is made from changes.
  const cacheDir = join(root, '.tmp', 'server-fixture');
  const dumpFile = join(cacheDir, `${fixtureKey()}.tar`);
  // The migrated empty database `npm start` makes new data folders from: a seed starts there, not from initdb.
  const emptyCache = join(root, '.creatorflow', 'cache');

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
    if (existsSync(dumpFile)) return;
    await prepareTemplate(emptyCache);
    const handle = await openPglite({ loadDataDir: new Blob([readFileSync(templateFile(emptyCache))]) });
    try {
      await migrateDatabase(handle);
      await seedFixture(handle);
      // Uncompressed: each test file loads it, and gunzip would cost every one of them.
      const dump = await handle.pglite!.dumpDataDir('none');
      // Dumps made from older sources go.
      rmSync(cacheDir, { recursive: true, force: true });
      mkdirSync(cacheDir, { recursive: true });
      const partial = `${dumpFile}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, dumpFile);
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
  };
}
