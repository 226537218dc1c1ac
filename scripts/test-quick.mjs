#!/usr/bin/env node
// npm run test:quick [-- <git ref>]: the unit and component tests of what changed, for feedback
// while editing (npm test still runs everything). What changed: the files edited, added or
// removed since the last commit; when there are none, the last commit's own; after a ref, every
// change since that ref (`npm run test:quick -- main`). The tests: those files when they are
// tests, and every unit and component test that imports one of them, directly or not (Vitest's
// import graph, as `vitest related` finds it). It says which, then runs them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureDependencies, root } from './setup.mjs';

const PROJECTS = ['unit', 'components'];
const started = Date.now();
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const untracked = () => git('ls-files', '--others', '--exclude-standard');

/** The changed paths (relative to the repository) and what they were compared with. */
function whatChanged(ref) {
  if (ref) return { against: ref, paths: [...git('diff', '--name-only', ref), ...untracked()] };
  const uncommitted = [...git('diff', '--name-only', 'HEAD'), ...untracked()];
  if (uncommitted.length) return { against: 'the last commit', paths: uncommitted };
  return { against: 'the commit before (nothing is uncommitted: the last commit itself)', paths: git('diff', '--name-only', 'HEAD~1', 'HEAD') };
}

const ref = process.argv[2];
const { against, paths } = whatChanged(ref);
const changed = [...new Set(paths)].filter((path) => existsSync(join(root, path)));
const gone = [...new Set(paths)].length - changed.length;
console.log(`Changed since ${against}: ${changed.length} file${changed.length === 1 ? '' : 's'}${gone ? ` (and ${gone} removed)` : ''}`);
for (const path of changed) console.log(`  ${path}`);

ensureDependencies();
const { createVitest } = await import('vitest/node');
// Two workers: the default on a 2-core machine is one (11 files: 103 s with one, 91 s with two, at a load average of 15).
const vitest = await createVitest('test', { watch: false, related: changed.map((path) => join(root, path)), project: PROJECTS, passWithNoTests: true, maxWorkers: 2 });
const chosen = changed.length ? await vitest.getRelevantTestSpecifications() : [];
const names = [...new Set(chosen.map((spec) => relative(root, spec.moduleId)))].sort();
console.log(
  names.length
    ? `\nThe unit and component tests of these changes: ${names.length} file${names.length === 1 ? '' : 's'}`
    : '\nNo unit or component test is among these changes or imports them.',
);
for (const name of names) console.log(`  ${name}`);

let failed = false;
if (names.length) {
  await vitest.start();
  failed = process.exitCode === 1 || vitest.state.getCountOfFailedTests() > 0;
}
await vitest.close();
console.log(`\ntest:quick: ${names.length} test file${names.length === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? ', with failures' : ''}`);
process.exit(failed ? 1 : 0);
