#!/usr/bin/env node
// Package shape: publint --strict and attw --pack (issue: partners and npm consumers).
// Until the package issue lands, this checks that every exports entry points at a built file.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const missing = [];
for (const [entry, target] of Object.entries(pkg.exports ?? {})) {
  const files = typeof target === 'string' ? [target] : Object.values(target);
  for (const file of files) if (!existsSync(join(root, file))) missing.push(`${entry} -> ${file}`);
}
if (missing.length) {
  console.error(`Package exports point at missing files:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`package exports: ${Object.keys(pkg.exports ?? {}).length} entries, all built`);
