#!/usr/bin/env node
// npm run test:nightly [-- <runs>]: the sync property (tests/server/sync-property.test.ts) with
// many more runs than npm test's 100 a database (default 1,000 a database), on PGlite and PostgreSQL,
// drawn from a new seed each night (npm test's runs take a fixed one).
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
process.exit(result.status ?? 1);
