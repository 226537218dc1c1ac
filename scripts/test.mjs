#!/usr/bin/env node
// npm test: install what is missing (Chromium from Debian's packages included), then run
// every test: the screen list's generated files, types, lint, unit and component tests, the build,
// package checks, and end-to-end tests in real Chromium. Prints one closing line: 'N passed, N failed'.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureDependencies, root, run as runStep } from './setup.mjs';

// Each step's wall time, printed at the end: the whole run must stay under 12 minutes.
const timings = [];
const started = Date.now();
function timed(label, fn) {
  const t0 = Date.now();
  const value = fn();
  timings.push([label, (Date.now() - t0) / 1000]);
  return value;
}
const run = (command) => timed(command, () => runStep(command));

ensureDependencies();
process.env.CHROMIUM_PATH = await ensureChromium();
mkdirSync(join(root, '.tmp'), { recursive: true });

const totals = { passed: 0, failed: 0 };
function vitest(name, args) {
  return timed(`vitest ${name}`, () => vitestRun(name, args));
}
function vitestRun(name, args) {
  const out = join(root, '.tmp', `vitest-${name}.json`);
  console.log(`\n$ vitest ${args}`);
  const result = spawnSync(`npx vitest run ${args} --reporter=default --reporter=json --outputFile=${out}`, {
    cwd: root,
    stdio: 'inherit',
    shell: true,
  });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  return result.status === 0;
}

// Stale generated files (after a merge, say) would fail the type check with less helpful errors.
run('npx tsx scripts/screens.ts --check');
run('npx tsc --noEmit -p tsconfig.json');
run('npx eslint . --max-warnings 0');
let ok = vitest('unit', '');
run('npm run build');
run('node scripts/check-package.mjs');
run('node scripts/consumer.mjs');
ok = vitest('e2e', '-c vitest.e2e.config.ts') && ok;

console.log('\nTime per step:');
for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${label}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
