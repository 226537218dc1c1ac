#!/usr/bin/env node
// The npm consumer check: pack the library, install the tarball into a scratch copy of
// examples/react-consumer, type-check it (skipLibCheck off), build it into
// dist/examples/react-consumer (served at /examples/react-consumer/ for the e2e tests), and run
// its campaign script (src/campaign-cli.ts, importing creatorflow/client from the installed
// tarball) against a team server started here on loopback, failing when the campaign fails.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServerProcess } from './processes.mjs';
import { root, run } from './setup.mjs';

const scratch = join(root, '.tmp', 'react-consumer');
const packs = join(root, '.tmp', 'pack');
rmSync(packs, { recursive: true, force: true });
mkdirSync(packs, { recursive: true });
run(`npm pack --silent --pack-destination "${packs}"`);
const tarball = join(packs, readdirSync(packs).find((f) => f.endsWith('.tgz')));

rmSync(scratch, { recursive: true, force: true });
cpSync(join(root, 'examples', 'react-consumer'), scratch, {
  recursive: true,
  filter: (src) => !src.includes('node_modules') && !src.endsWith('/dist'),
});
const npm = (args) => run(`npm ${args}`, { cwd: scratch });
npm('install --no-audit --no-fund --prefer-offline');
npm(`install --no-audit --no-fund --prefer-offline --no-save "${tarball}"`);
npm('run typecheck');
run('npm run build', { cwd: scratch, env: { ...process.env, CONSUMER_OUT_DIR: join(root, 'dist', 'examples', 'react-consumer') } });

// The campaign against a real team server: PGlite in a temp folder, an owner from the
// environment who signs in over HTTP and creates an Editor API key, as a member would.
const owner = { email: 'consumer@creatorflow.test', password: 'consumer check horse battery' };
const dataDir = mkdtempSync(join(tmpdir(), 'cf-consumer-'));
const started = Date.now();
// `npm start`'s way (the build as it is, a new data folder from the prepared empty database).
const server = await startServerProcess({
  args: ['scripts/start.mjs'],
  name: 'The team server for the consumer check',
  timeoutMs: 120_000,
  env: { CREATORFLOW_USE_BUILD: '1', CREATORFLOW_DATA_DIR: join(dataDir, 'data'), CREATORFLOW_OWNER_EMAIL: owner.email, CREATORFLOW_OWNER_PASSWORD: owner.password },
});
let failure;
try {
  const json = { 'content-type': 'application/json' };
  const signedIn = await fetch(`${server.url}/auth/signin`, { method: 'POST', headers: json, body: JSON.stringify(owner) });
  if (!signedIn.ok) throw new Error(`signing in answered ${signedIn.status}: ${await signedIn.text()}`);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const created = await fetch(`${server.url}/developer/keys`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'consumer check', role: 'Editor' }) });
  if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}: ${await created.text()}`);
  const { secret } = await created.json();
  // tsx from the repository (the scratch app has no runner); creatorflow/client resolves in the scratch copy.
  const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href;
  const campaign = spawnSync(process.execPath, ['--import', tsx, 'src/campaign-cli.ts'], {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, CREATORFLOW_URL: server.url, CREATORFLOW_API_KEY: secret },
  });
  process.stdout.write(campaign.stdout);
  process.stderr.write(campaign.stderr);
  if (campaign.status !== 0) throw new Error(`the campaign script failed (exit ${campaign.status})`);
  const result = JSON.parse(campaign.stdout);
  if (result.orderStatus !== 'Processing' || !Array.isArray(result.stock) || result.stock.length === 0) throw new Error('the campaign script did not end with an order in Processing and the stock read back');
} catch (error) {
  failure = error;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`\n✗ the campaign through the installed creatorflow/client failed: ${failure.message}\n${server.output()}`);
  process.exit(1);
}
console.log(`react consumer: installed the packed tarball, type-checked, built, and ran the campaign against a team server (${((Date.now() - started) / 1000).toFixed(1)} s)`);
