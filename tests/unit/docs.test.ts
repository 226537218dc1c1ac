// The architecture notes and the how-to guides name only what exists: every repository path
// they mention, in code spans, code blocks or links, is a file or folder of this tree.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedPaths } from '../helpers/doc-paths';

const repo = resolve(import.meta.dirname, '../..');

describe.each(['docs/architecture.md', 'docs/adding-a-write.md', 'docs/adding-a-record-type.md'])('%s', (doc) => {
  it('names only paths that exist', () => {
    const named = namedPaths(readFileSync(join(repo, doc), 'utf8'));
    expect(named.length).toBeGreaterThan(doc === 'docs/architecture.md' ? 10 : 3);
    expect(named.filter((path) => !existsSync(join(repo, path)))).toEqual([]);
  });
});

describe('namedPaths', () => {
  it('finds paths in spans, blocks and links, and skips patterns', () => {
    expect(namedPaths('see `lib/a.ts` and [b](decisions/b.md)\n```\nserver/x.ts  the server\nwidgets/<name>/y\n```')).toEqual(['docs/decisions/b.md', 'lib/a.ts', 'server/x.ts']);
  });
});
