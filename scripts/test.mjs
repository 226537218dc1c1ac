#!/usr/bin/env node
// npm test: install what is missing (Chromium from Debian's packages included), then run
// every test: the screen list's generated files and the compiled message catalogs, types, lint, unit, component and server tests,
// the build, package checks, and end-to-end tests in real Chromium. Prints each step's time and
// one closing line: 'N passed, N failed'.
//
// The checks that do not need the build (types, lint, unit, component and server tests) run
// beside it: each is mostly one thread, or waits on the database, so on a 2-core machine they
// overlap well. Their output is printed whole, one step after another, as each ends.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, root } from './setup.mjs';

ensureDependencies();
process.env.CHROMIUM_PATH = await ensureChromium();
mkdirSync(join(root, '.tmp'), { recursive: true });

const started = Date.now();
const timings = [];
const totals = { passed: 0, failed: 0 };
const failures = [];
/** Each failed test's file and name, printed again at the very end so a log's tail says which. */
const failedTests = [];

/** Runs one command; resolves with its exit code. `live` streams its output, else it is kept and printed at the end. */
function step(label, command, { live = false } = {}) {
  const t0 = Date.now();
  if (live) console.log(`\n$ ${command}`);
  return new Promise((resolveStep) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
    const output = [];
    if (!live) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      timings.push([label, seconds]);
      if (!live) {
        console.log(`\n$ ${command}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) {
        failures.push(label);
        console.error(`\n✗ ${command} failed (exit ${code})`);
      }
      resolveStep(code ?? 1);
    });
  });
}

/** A vitest run whose pass and fail counts go into the totals. */
async function vitest(name, args, options) {
  const out = join(root, '.tmp', `vitest-${name}.json`);
  rmSync(out, { force: true });
  const code = await step(`vitest ${name}`, `npx vitest run ${args} --reporter=default --reporter=json --outputFile=${out}`, options);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
      const failed = (file.assertionResults ?? []).filter((test) => test.status !== 'passed');
      for (const test of failed) failedTests.push(`${path} > ${test.fullName} (${test.status})${test.failureMessages?.length ? `: ${test.failureMessages[0].split('\n')[0]}` : ''}`);
      if (file.status === 'failed' && failed.length === 0) failedTests.push(`${path}: ${(file.message ?? 'failed').split('\n')[0]}`);
    }
  } else if (code === 0) failures.push(`vitest ${name} (no report)`);
  return code;
}

function finish() {
  console.log('\nTime per step (steps in one group ran side by side):');
  for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${label}`);
  console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
  if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
  for (const test of failedTests) console.log(`  ✗ ${test}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(failures.length === 0 && totals.failed === 0 ? 0 : 1);
}

// Stale generated files (after a merge, say) would fail the type check with less helpful errors.
if ((await step('screen list', 'npx tsx scripts/screens.ts --check', { live: true })) !== 0) finish();
if ((await step('compiled messages', 'npx tsx scripts/messages.ts --check', { live: true })) !== 0) finish();

const buildAndPackage = async () => {
  if ((await step('build', 'npm run build')) !== 0) return 1;
  const checks = await Promise.all([step('package check', 'node scripts/check-package.mjs'), step('consumer check', 'node scripts/consumer.mjs')]);
  return Math.max(...checks);
};
const first = await Promise.all([
  step('types', 'npx tsc --noEmit -p tsconfig.json'),
  step('lint', 'npx eslint . --max-warnings 0'),
  vitest('unit', ''),
  buildAndPackage(),
]);
// End-to-end tests need the build; they run alone, their output streamed.
if (first[3] === 0) await vitest('e2e', '-c vitest.e2e.config.ts', { live: true });
else failures.push('e2e (not run: the build failed)');
finish();
