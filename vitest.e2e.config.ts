// End-to-end tests: real Chromium (Debian's package) driven by playwright-core against the
// built product (or the dev server with CF_E2E_MODE=dev, for quick iteration).
import { defineConfig } from 'vitest/config';

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
  },
});
