#!/usr/bin/env node
// npm start: install what is missing, build what is out of date, then run the team server
// (server/main.ts through tsx): PGlite in CREATORFLOW_DATA_DIR (default .creatorflow/data),
// or PostgreSQL when DATABASE_URL is set. `npm run serve` still serves a build without a server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root, run } from './setup.mjs';

const OUTPUTS = ['dist/host/index.html', 'dist/elements.js', 'dist/lib/index.js'];
const SOURCES = ['lib', 'widgets', 'host', 'package.json', 'vite.config.ts', 'tsup.config.ts', 'tsconfig.lib.json'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** The build is current when every output exists and is newer than every source. */
function buildIsCurrent() {
  const outputs = OUTPUTS.map((file) => join(root, file));
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const newestSource = Math.max(...SOURCES.map((path) => join(root, path)).filter((path) => existsSync(path)).map(newest));
  return oldestOutput >= newestSource;
}

ensureDependencies();
// CREATORFLOW_USE_BUILD=1 (the end-to-end tests): serve dist/ as it is when it exists, so
// sources edited while the tests run do not start a build under them.
const useBuild = process.env.CREATORFLOW_USE_BUILD === '1' && OUTPUTS.every((file) => existsSync(join(root, file)));
if (useBuild) console.log('Serving the build in dist/ as it is (CREATORFLOW_USE_BUILD).');
else if (buildIsCurrent()) console.log('The build in dist/ is up to date.');
// A production build whatever the caller's NODE_ENV (a test runner sets it to 'test').
else run('npm run build', { env: { ...process.env, NODE_ENV: 'production' } });

const { register } = await import('tsx/esm/api');
register();
// Like the build: made once (and again after a migration or a PGlite upgrade), so a new data
// folder opens from a migrated empty database instead of running initdb.
if (!process.env.DATABASE_URL?.trim()) {
  const { prepareTemplate } = await import('../server/db/template.ts');
  const started = Date.now();
  if (await prepareTemplate(join(root, '.creatorflow', 'cache'))) console.log(`Prepared the empty database in ${((Date.now() - started) / 1000).toFixed(1)} s (once).`);
}
await import('../server/main.ts');
