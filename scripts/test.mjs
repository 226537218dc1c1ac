#!/usr/bin/env node
// npm test: install what is missing (Chromium from Debian's packages included), then run
// every test: the screen list's generated files and the compiled message catalogs, types, lint, unit, component and server tests,
// the build, package checks, and end-to-end tests in real Chromium. Prints each step's time, its
// processor time (scripts/cpu-time.mjs) and one closing line: 'N passed, N failed'.
//
// After the two checks of generated files, every step starts as soon as what it needs is done:
// the build, then the package and consumer checks, then the end-to-end tests (they need the
// build and the consumer's app), while the type check, lint and the unit, component and server
// tests run beside them. On a 2-core machine they overlap well: most steps are one
// thread, and the server and end-to-end tests wait on databases, servers and Chromium. The
// end-to-end output streams; every other step's is printed whole as it ends.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, root } from './setup.mjs';

const started = Date.now();
const timings = [];
ensureDependencies();
process.env.CHROMIUM_PATH = await ensureChromium();
timings.push(['install what is missing', (Date.now() - started) / 1000, 0]);
mkdirSync(join(root, '.tmp'), { recursive: true });

const totals = { passed: 0, failed: 0 };
const failures = [];
/** Each failed test's file and name, printed again at the very end so a log's tail says which. */
const failedTests = [];

/** Runs one command; resolves with its exit code. `live` streams its output, else it is kept and printed at the end. */
function step(label, command, { live = false } = {}) {
  const t0 = Date.now();
  if (live) console.log(`\n$ ${command}`);
  return new Promise((resolveStep) => {
    // Through scripts/cpu-time.mjs, which reports the processor time the step used.
    const report = join(root, '.tmp', `cpu-${label.replace(/\W+/g, '-')}.json`);
    rmSync(report, { force: true });
    const child = spawn(process.execPath, [join(root, 'scripts', 'cpu-time.mjs'), report, command], {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    const output = [];
    if (!live) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      timings.push([label, seconds, (t0 - started) / 1000, cpuSeconds(report)]);
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

/** The processor time a step reported (scripts/cpu-time.mjs), or null. */
function cpuSeconds(report) {
  try {
    return JSON.parse(readFileSync(report, 'utf8')).seconds;
  } catch {
    return null;
  }
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
  console.log('\nTime per step, its processor time, and when it started (steps that overlap ran side by side):');
  const cpu = (value) => (value === null || value === undefined ? '' : `${value.toFixed(0).padStart(5)} s cpu`);
  for (const [label, seconds, from, used] of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${cpu(used).padEnd(10)}  ${label.padEnd(24)} from ${from.toFixed(0)} s`);
  const total = timings.reduce((sum, [, , , used]) => sum + (used ?? 0), 0);
  console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  ${cpu(total).padEnd(10)}  in all (load average ${loadavg().map((n) => n.toFixed(1)).join(', ')} at the end, ${availableParallelism()} cores)`);
  console.log(`  On ${availableParallelism()} cores with nothing else running, ${(total / availableParallelism()).toFixed(0)} s is as short as this run could be (PostgreSQL's own processor time aside).`);
  if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
  for (const test of failedTests) console.log(`  ✗ ${test}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(failures.length === 0 && totals.failed === 0 ? 0 : 1);
}

// Stale generated files (after a merge, say) would fail the type check with less helpful errors.
if ((await step('screen list', 'npx tsx scripts/screens.ts --check', { live: true })) !== 0) finish();
if ((await step('compiled messages', 'npx tsx scripts/messages.ts --check', { live: true })) !== 0) finish();

/** The build, then its package checks; resolves true when the end-to-end tests can run. */
const buildAndPackage = async () => {
  if ((await step('build', 'npm run build')) !== 0) return false;
  const [, consumer] = await Promise.all([step('package check', 'node scripts/check-package.mjs'), step('consumer check', 'node scripts/consumer.mjs')]);
  // The consumer check builds the example app the end-to-end tests open (dist/examples/react-consumer).
  return consumer === 0;
};
const endToEnd = async () => {
  if (await buildAndPackage()) await vitest('e2e', '-c vitest.e2e.config.ts', { live: true });
  else failures.push('e2e (not run: the build or the consumer check failed)');
};
await Promise.all([
  endToEnd(),
  step('types', 'npx tsc --noEmit -p tsconfig.json'),
  step('lint', 'npx eslint . --max-warnings 0 && node scripts/import-cycles.mjs'),
  // Vitest's default on 2 cores is one file at a time; server test files wait on their databases
  // much of the time, so two at once shorten the step.
  vitest('unit', `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`),
]);
finish();
