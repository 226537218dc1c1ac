// Finds runtime import circles among the project's own modules (type-only imports do not
// count: they vanish at build time). Run by `npm run lint`; exits 1 naming each circle.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const FOLDERS = ['lib', 'widgets', 'host', 'server'];
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The runtime imports of a source: `import … from`, `export … from` and `import()`, less `import type` and `export type`. */
export function runtimeSpecifiers(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
  const found = [];
  for (const m of code.matchAll(/(?:^|;|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    if (m[2]) continue;
    // `import { type A, type B } from` imports nothing at runtime.
    const names = /^\{([^}]*)\}$/.exec(m[3].trim());
    if (names && names[1].split(',').every((part) => !part.trim() || /^type\s/.test(part.trim()))) continue;
    found.push(m[4]);
  }
  for (const m of code.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

function resolveFrom(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(file), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(join(root, candidate)) && /\.(ts|tsx|mjs|js)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Strongly connected groups of more than one module (or a module importing itself). */
export function circles(graph) {
  let index = 0;
  const indexOf = new Map(), low = new Map(), stack = [], onStack = new Set(), groups = [];
  const visit = (v) => {
    indexOf.set(v, index); low.set(v, index); index += 1; stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const group = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); group.push(w); } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return groups;
}

export function importGraph() {
  const files = execFileSync('git', ['ls-files', ...FOLDERS], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('.d.mts'));
  const graph = new Map();
  for (const file of files) {
    const targets = runtimeSpecifiers(readFileSync(join(root, file), 'utf8')).map((s) => resolveFrom(file, s)).filter(Boolean);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const found = circles(importGraph());
  for (const group of found) console.error(`Import circle: ${group.join(' -> ')}`);
  if (found.length) {
    console.error(`${found.length} runtime import circle(s); break each by moving the shared part to a module both import.`);
    process.exit(1);
  }
  console.log('No runtime import circles.');
}
