// The server scale run (scripts/bench-server-scale.run.ts): the server tests' setup (PostgreSQL's test
// database), on its own, outside npm test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scripts/bench-server-scale.run.ts'],
    environment: 'node',
    globalSetup: ['tests/server/global-setup.ts'],
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
