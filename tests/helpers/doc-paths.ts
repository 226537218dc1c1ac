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

/** A name a text says a file exports: "`name` in `file.ts`", "`name` (`file.ts`", "`name()` from `file.ts`". */
export interface NamedExport {
  name: string;
  path: string;
}

/** The names a Markdown text ties to a source file, outside code blocks. */
export function namedExports(markdown: string): NamedExport[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  const pairs = new Map<string, NamedExport>();
  const pattern = /`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`(?: \(| in | from | of )`((?:lib|server|host|widgets|scripts)\/[^`\s]+\.(?:ts|tsx|mjs))`/g;
  for (const [, name, path] of prose.matchAll(pattern)) pairs.set(`${name} ${path}`, { name, path });
  return [...pairs.values()];
}

/** The names a TypeScript or JavaScript source exports, by declaration or in an export list. */
export function exportedNames(source: string): Set<string> {
  const names = new Set<string>();
  const declared = /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([\w$]+)/g;
  for (const [, name] of source.matchAll(declared)) names.add(name);
  for (const [, list] of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const part of list.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.replace(/^type\s+/, '').trim();
      if (name) names.add(name);
    }
  return names;
}
