import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the product on a free port: the built app (default) or the dev server (CF_E2E_MODE=dev). */
export default async function setup(project: TestProject) {
  let close: () => Promise<void>;
  let port: number;
  if (process.env.CF_E2E_MODE === 'dev') {
    const { createServer } = await import('vite');
    const server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
    await server.listen();
    port = (server.httpServer!.address() as { port: number }).port;
    close = () => server.close();
  } else {
    const { startServer } = await import('../../scripts/serve.mjs');
    const server = await startServer(0, '127.0.0.1');
    port = (server.address() as { port: number }).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  }
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  return close;
}
