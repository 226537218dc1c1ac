#!/usr/bin/env node
// The npm consumer check: pack the library, install the tarball into a scratch copy of
// examples/react-consumer, type-check it (skipLibCheck off) and build it into
// dist/examples/react-consumer (served at /examples/react-consumer/ for the e2e tests).
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
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
console.log('react consumer: installed the packed tarball, type-checked and built');
