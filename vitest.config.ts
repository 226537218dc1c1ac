import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // The component tests' setup file is imported by none of them, yet concerns them all: a change to it reruns everything (`vitest related`, npm run test:quick).
    forceRerunTriggers: [...configDefaults.forceRerunTriggers, '**/tests/components/setup.ts'],
    projects: [
      {
        extends: true,
        // Property runs (10,000 cases) are bounded work, but a busy 2-core machine can stretch them past 5 s.
        // A worker runs its files one after another in one module graph (no DOM, nothing mocked), so
        // what they import is evaluated once a worker, not once a file (about 40% less processor time).
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 20_000,
          setupFiles: ['tests/components/setup.ts'],
        },
      },
      {
        // The team server over HTTP, against PGlite and a real PostgreSQL (tests/server/pg.ts).
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          // A worker runs its files one after another in one module graph: each file still gets
          // its own server and fresh database copy (tests/server/harness.ts), but the server's
          // modules are evaluated and PGlite's WebAssembly compiled once a worker, not once a
          // file (about half the processor time of a small server test file).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
