// Types of serve.mjs, for the TypeScript that starts it (the e2e global setup).
import type { Server } from 'node:http';

/** The Content-Security-Policy header the host app and the examples are served with. */
export function contentSecurityPolicy(nonce: string): string;
/** Serves dist/ (host app, elements, examples) with the CSP; resolves once listening. */
export function startServer(port?: number, host?: string): Promise<Server>;
