// End-to-end tests: real Chromium (Debian's package) driven by playwright-core against the
// built product (or the dev server with CF_E2E_MODE=dev, for quick iteration).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** About how many routes a test written in a loop over the route list (tests/e2e/routes.ts) visits. */
const ROUTES_GUESS = 25;

/**
 * A file's length in seconds, guessed from what it declares: its tests (one written in a loop
 * over the route list counts once per route), the timeouts it raises above the default for long
 * tests, and a team server of its own. Only the order of files depends on it.
 */
export function estimatedSeconds(source: string): number {
  const tests = source.match(/\b(?:it|test)(?:\.each\([^)]*\))?\(/g)?.length ?? 0;
  const perRoute = source.match(/for \(const \w+ of ROUTES\)|\.each\(ROUTES\)/g)?.length ?? 0;
  const raised = [...source.matchAll(/\},\s*(\d[\d_]{4,})\)/g)].map((m) => Number(m[1].replaceAll('_', ''))).filter((ms) => ms > 60_000);
  const server = /useTeamServer\(|startTeamServer\(|startServerProcess\(/.test(source) ? 10 : 0;
  return 4 * (tests + perRoute * (ROUTES_GUESS - 1)) + raised.reduce((sum, ms) => sum + ms / 5000, 0) + server;
}

/**
 * Longest files first, so the two workers finish together instead of one running a long file
 * alone at the end. Vitest does this from the durations of the previous run when it has them
 * for every file; on a fresh clone it has none and would start with the largest files, which
 * here are not the longest, so the estimate above orders them.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const measured = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`);
    if (files.every(measured)) return super.sort(files);
    const estimate = new Map(files.map((spec) => [spec, estimatedSeconds(readFileSync(spec.moduleId, 'utf8'))]));
    return [...files].sort((a, b) => estimate.get(b)! - estimate.get(a)!);
  }
}

export default defineConfig({
  test: {
    name: 'e2e',
    // npm run test:nightly adds the long runs (*.nightly.ts) with CF_E2E_NIGHTLY=1.
    include: ['tests/e2e/**/*.e2e.ts', ...(process.env.CF_E2E_NIGHTLY ? ['tests/e2e/**/*.nightly.ts'] : [])],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
