// The architecture notes name only what exists: every repository path they mention, in code
// spans, code blocks or links, is a file or folder of this tree.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
// Build outputs (dist/) count too: a fresh clone has none, so the notes must not send a reader there.
const TOP = /^(lib|widgets|host|server|tests|scripts|docs|examples|bench|dist)\//;

/** Repository paths a Markdown text names: code spans, words of code blocks and link targets that start at a top folder. */
export function namedPaths(markdown: string): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const raw of text.split(/[\s,;()'"]+/)) {
      const word = raw.replace(/[.:]+$/, '').replace(/^\.\//, '');
      // Patterns and placeholders (`widgets/<name>/`, `widgets/*/element.tsx`) name no one path.
      if (TOP.test(word) && !/[<>*{}]/.test(word)) words.add(word.replace(/\/$/, ''));
    }
  };
  for (const [, block] of markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)) add(block);
  for (const [, span] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)) add(span);
  for (const [, target] of markdown.matchAll(/\]\(([^)#\s]+)/g)) if (!/^[a-z]+:/.test(target)) add(target.startsWith('../') ? target.slice(3) : `docs/${target}`);
  return [...words].sort();
}

describe('docs/architecture.md', () => {
  const text = readFileSync(join(repo, 'docs/architecture.md'), 'utf8');

  it('names only paths that exist', () => {
    const named = namedPaths(text);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((path) => !existsSync(join(repo, path)))).toEqual([]);
  });

  it('finds paths in spans, blocks and links, and skips patterns', () => {
    expect(namedPaths('see `lib/a.ts` and [b](decisions/b.md)\n```\nserver/x.ts  the server\nwidgets/<name>/y\n```')).toEqual(['docs/decisions/b.md', 'lib/a.ts', 'server/x.ts']);
  });
});
