#!/usr/bin/env node
// npm run test:quick [-- <git ref>]: the unit and component tests of what changed, for feedback
// while editing (npm test still runs everything). What changed: the files edited, added or
// removed since the last commit; when there are none, the last commit's own; after a ref, every
// change since that ref (`npm run test:quick -- main`). The tests: those files when they are
// tests, and every unit and component test that imports one of them, directly or not, at run
// time (type-only imports vanish, as in Vitest's own module graph). It says which, then runs them.
//
// The import graph is read from the sources (scripts/import-cycles.mjs's reading of import
// statements), not asked of Vitest (`vitest related`): that transformed every test file and
// what it imports before running any, about 10 s of a quiet machine's processor time.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { runtimeSpecifiers } from './import-cycles.mjs';
import { ensureDependencies, root } from './setup.mjs';

const PROJECTS = ['unit', 'components'];
const TESTS = /^tests\/(unit\/.*\.test\.ts|components\/.*\.test\.tsx)$/;
/** Changes that rerun every test: Vitest's own triggers, and the component tests' setup (imported by none of them). */
const EVERYTHING = [/(^|\/)package(-lock)?\.json$/, /^vitest\.config\./, /^vite\.config\./, /^tsconfig\.json$/];
const COMPONENT_SETUP = 'tests/components/setup.ts';
/** Bare specifiers that are the project's own modules (tsconfig.json's `paths`). */
const ALIASES = { 'creatorflow/client': 'lib/client/index.ts' };
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

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

/** The repository file a specifier in `file` names, or null for a package. A query (`?raw`) is the same file. */
function resolveImport(file, specifier) {
  const bare = specifier.replace(/\?.*$/, '');
  if (ALIASES[bare]) return ALIASES[bare];
  if (!bare.startsWith('.')) return null;
  const base = normalize(join(dirname(file), bare));
  return EXTENSIONS.map((ext) => base + ext).find((path) => statSync(join(root, path), { throwIfNoEntry: false })?.isFile()) ?? null;
}

/** Whether `test` imports (at run time, directly or not) one of `changed`; `seen` memoizes each module's answer. */
function reaches(file, changed, seen) {
  if (seen.has(file)) return seen.get(file);
  seen.set(file, false);
  let hit = changed.has(file);
  if (!hit && /\.(ts|tsx|mjs|js)$/.test(file)) {
    for (const specifier of runtimeSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target && reaches(target, changed, seen)) {
        hit = true;
        break;
      }
    }
  }
  seen.set(file, hit);
  return hit;
}

/** The unit and component test files that are among `changed` or import one of them. */
export function relatedTests(changed) {
  const tests = git('ls-files', '--cached', '--others', '--exclude-standard', 'tests/unit', 'tests/components').filter((path) => TESTS.test(path) && existsSync(join(root, path)));
  if (changed.some((path) => EVERYTHING.some((pattern) => pattern.test(path)))) return tests;
  const setupChanged = changed.includes(COMPONENT_SETUP);
  const set = new Set(changed);
  const seen = new Map();
  return tests.filter((test) => (setupChanged && test.startsWith('tests/components/')) || reaches(test, set, seen)).sort();
}

if (process.argv[1] && normalize(process.argv[1]) === normalize(new URL(import.meta.url).pathname)) {
  const ref = process.argv[2];
  const { against, paths } = whatChanged(ref);
  const changed = [...new Set(paths)].filter((path) => existsSync(join(root, path)));
  const gone = [...new Set(paths)].length - changed.length;
  console.log(`Changed since ${against}: ${changed.length} file${changed.length === 1 ? '' : 's'}${gone ? ` (and ${gone} removed)` : ''}`);
  for (const path of changed) console.log(`  ${path}`);

  const names = relatedTests(changed);
  console.log(
    names.length
      ? `\nThe unit and component tests of these changes: ${names.length} file${names.length === 1 ? '' : 's'}`
      : '\nNo unit or component test is among these changes or imports them.',
  );
  for (const name of names) console.log(`  ${name}`);

  let failed = false;
  if (names.length) {
    ensureDependencies();
    const { startVitest } = await import('vitest/node');
    // Two workers: the default on a 2-core machine is one (11 files: 103 s with one, 91 s with two, at a load average of 15).
    const vitest = await startVitest('test', names, { watch: false, project: PROJECTS, maxWorkers: 2 });
    failed = !vitest || process.exitCode === 1 || vitest.state.getCountOfFailedTests() > 0;
    await vitest?.close();
  }
  console.log(`\ntest:quick: ${names.length} test file${names.length === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? ', with failures' : ''}`);
  process.exit(failed ? 1 : 0);
}
