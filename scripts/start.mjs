#!/usr/bin/env node
// npm start: install what is missing, build, serve the host app with sample data.
import { ensureDependencies, run } from './setup.mjs';

ensureDependencies();
run('npm run build');
const { startServer } = await import('./serve.mjs');
const server = await startServer();
const { port } = server.address();
console.log(`\nCreatorflow is running at http://localhost:${port}/`);
console.log(`Inventory:      http://localhost:${port}/inventory`);
console.log(`Embed example:  http://localhost:${port}/examples/embed-plain-html/`);
