// No runtime import circle among the project's modules: `npm run lint` runs the same check
// (scripts/import-cycles.mjs); here it is also shown to find a planted one.
import { describe, expect, it } from 'vitest';
import { circles, importGraph, runtimeSpecifiers } from '../../scripts/import-cycles.mjs';

describe('runtime import circles', () => {
  it('the project has none', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });

  it('a planted circle is found', () => {
    const graph = importGraph();
    const [a, b] = ['server/db/tx/commit.ts', 'server/db/tx/team.ts'];
    expect(graph.get(a)).toContain(b);
    graph.set(b, [...(graph.get(b) ?? []), a]);
    expect(circles(graph)).toEqual([[a, b]]);
  });

  it('type-only imports are not runtime imports', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "export type { D } from './d';",
      "import { e, type F } from './e';",
      "export { g } from './g';",
      "import './h';",
      "const i = await import('./i');",
      "// import { j } from './j';",
    ].join('\n');
    expect(runtimeSpecifiers(source)).toEqual(['./e', './g', './h', './i']);
  });
});
