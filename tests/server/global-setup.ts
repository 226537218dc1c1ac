// Once per run: find PostgreSQL, and build the fixture database twice — a PostgreSQL
// template database (each test file copies it with CREATE DATABASE ... TEMPLATE) and a
// PGlite dump (each test file loads it with loadDataDir: a fresh initdb costs seconds,
// a load a fraction of one).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
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

const root = resolve(import.meta.dirname, '../..');

/** A digest of everything the fixture database is made from: a change to any of them rebuilds it. */
function fixtureDigest(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    hash.update(relative(root, path)).update(readFileSync(path));
  };
  for (const path of ['server', 'lib', 'tests/server/fixture.ts', 'package-lock.json']) visit(join(root, path));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const postgres = await resolvePostgres();
  const template = `cf_template_${randomBytes(6).toString('hex')}`;
  // PGlite's initdb costs seconds: the dump is kept between runs (in .tmp/, git-ignored) until its sources change.
  const cacheDir = join(root, '.tmp', 'server-fixture');
  const dumpFile = join(cacheDir, `${fixtureDigest()}.tar`);

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
    const handle = await openPglite();
    try {
      await migrateDatabase(handle);
      await seedFixture(handle);
      // Uncompressed: each test file loads it, and gunzip would cost every one of them.
      const dump = await handle.pglite!.dumpDataDir('none');
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
