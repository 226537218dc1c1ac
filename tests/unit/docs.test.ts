// The architecture notes and the how-to guides name only what exists: every repository path
// they mention, in code spans, code blocks or links, is a file or folder of this tree.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, namedExports, namedPaths, type NamedExport } from '../helpers/doc-paths';

const repo = resolve(import.meta.dirname, '../..');

describe.each(['docs/architecture.md', 'docs/adding-a-write.md', 'docs/adding-a-record-type.md'])('%s', (doc) => {
  it('names only paths that exist', () => {
    const named = namedPaths(readFileSync(join(repo, doc), 'utf8'));
    expect(named.length).toBeGreaterThan(doc === 'docs/architecture.md' ? 10 : 3);
    expect(named.filter((path) => !existsSync(join(repo, path)))).toEqual([]);
  });
});

const sourceOf = (path: string) => (existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : '');
const notExported = (named: NamedExport[], read: (path: string) => string) => named.filter(({ name, path }) => !exportedNames(read(path)).has(name)).map(({ name, path }) => `${name} in ${path}`);

describe('docs/architecture.md', () => {
  const named = namedExports(readFileSync(join(repo, 'docs/architecture.md'), 'utf8'));

  it('names only exports that exist, each from the file it is listed with', () => {
    expect(named.length).toBeGreaterThan(10);
    expect(notExported(named, sourceOf)).toEqual([]);
  });

  it('names only functions the code has', () => {
    const called = [...new Set([...readFileSync(join(repo, 'docs/architecture.md'), 'utf8').matchAll(/`([A-Za-z_$][\w$]*)\([^`]*\)`/g)].map(([, name]) => name))];
    expect(called.length).toBeGreaterThan(10);
    const code = execFileSync('git', ['ls-files', 'lib', 'server', 'host', 'widgets', 'scripts', 'tests'], { cwd: repo, encoding: 'utf8' })
      .split('\n')
      .filter((path) => /\.(ts|tsx|mjs)$/.test(path))
      .map(sourceOf)
      .join('\n');
    expect(called.filter((name) => !new RegExp(`\\b${name.replace('$', '\\$')}\\b`).test(code))).toEqual([]);
  });

  it('fails when an export it names is renamed', () => {
    const { name, path } = named.find((n) => n.name === 'runMutation' && n.path === 'server/db/tx/run-mutation.ts')!;
    const renamed = (p: string) => (p === path ? sourceOf(p).replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}Renamed`) : sourceOf(p));
    expect(notExported(named, renamed)).toEqual([`${name} in ${path}`]);
  });
});

describe('namedExports', () => {
  it('ties a name to the file it is listed with, outside code blocks', () => {
    expect(namedExports('`a` in `lib/a.ts`, `b(x)` (`server/b.ts`), `c` from `host/c.tsx`\n```\n`d` in `lib/d.ts`\n```')).toEqual([
      { name: 'a', path: 'lib/a.ts' },
      { name: 'b', path: 'server/b.ts' },
      { name: 'c', path: 'host/c.tsx' },
    ]);
  });
  it('reads declared and listed exports', () => {
    expect([...exportedNames('export async function f() {}\nexport const g = 1;\nexport { h as i, type J };\nexport interface K {}')].sort()).toEqual(['J', 'K', 'f', 'g', 'i']);
  });
});

describe('namedPaths', () => {
  it('finds paths in spans, blocks and links, and skips patterns', () => {
    expect(namedPaths('see `lib/a.ts` and [b](decisions/b.md)\n```\nserver/x.ts  the server\nwidgets/<name>/y\n```')).toEqual(['docs/decisions/b.md', 'lib/a.ts', 'server/x.ts']);
  });
});
