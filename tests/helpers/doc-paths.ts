// Repository paths a Markdown text names (the docs tests check that each exists).

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
