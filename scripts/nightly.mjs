#!/usr/bin/env node
// npm run test:nightly [-- <runs>]: the sync property (tests/server/sync-property.test.ts) with
// many more runs than npm test's 100 a database (default 1,000 a database), on PGlite and PostgreSQL,
// drawn from a new seed each night (npm test's runs take a fixed one); then the long end-to-end
// runs (tests/e2e/*.nightly.ts: an import of 100,000 rows) against a fresh build; then nginx in
// front of three server processes restarted while 30 clients edit (scripts/rolling-restart.mjs,
// CF_ROLLING_SECONDS long, 120 by default).
import { spawnSync } from 'node:child_process';
import { root } from './setup.mjs';

const runs = Number(process.argv[2] ?? process.env.SYNC_PROPERTY_RUNS ?? 1000);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`The run count must be a whole number above 0, not "${process.argv[2]}"`);
  process.exit(1);
}
console.log(`Sync property: ${runs} runs a database`);
const result = spawnSync('npx vitest run tests/server/sync-property.test.ts', {
  cwd: root,
  stdio: 'inherit',
  shell: true,
  env: { SYNC_PROPERTY_SEED: 'random', ...process.env, SYNC_PROPERTY_RUNS: String(runs) },
});
if (result.status !== 0) process.exit(result.status ?? 1);

console.log('Long end-to-end runs (tests/e2e/*.nightly.ts)');
const build = spawnSync('npm run build', { cwd: root, stdio: 'inherit', shell: true });
if (build.status !== 0) process.exit(build.status ?? 1);
const e2e = spawnSync('npx vitest run -c vitest.e2e.config.ts nightly', { cwd: root, stdio: 'inherit', shell: true, env: { ...process.env, CF_E2E_NIGHTLY: '1' } });
if (e2e.status !== 0) process.exit(e2e.status ?? 1);

console.log('Rolling restarts behind nginx (scripts/rolling-restart.mjs)');
const rolling = spawnSync(process.execPath, ['scripts/rolling-restart.mjs'], { cwd: root, stdio: 'inherit' });
process.exit(rolling.status ?? 1);
