#!/usr/bin/env node
// Package shape, as npm consumers will meet it: every exports entry built, then
// publint --strict and attw --pack (ESM-only profile: the package ships ESM only).
import { spawnSync } from 'node:child_process';
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

// What is published carries the MIT licence: the field, and the text in the tarball.
const licence = existsSync(join(root, 'LICENSE')) ? readFileSync(join(root, 'LICENSE'), 'utf8') : '';
if (pkg.license !== 'MIT' || !licence.startsWith('MIT License') || !(pkg.files ?? []).includes('LICENSE')) {
  console.error('The package must be published under the MIT licence: "license": "MIT", a LICENSE file with its text, and LICENSE in "files".');
  process.exit(1);
}
console.log('licence: MIT (LICENSE packed)');

for (const command of ['npx publint --strict', 'npx attw --pack . --profile esm-only --format table-flipped']) {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
