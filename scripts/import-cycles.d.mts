// Types of import-cycles.mjs, for its test.

/** The runtime imports of a source, less type-only imports. */
export function runtimeSpecifiers(source: string): string[];
/** Strongly connected groups of more than one module (or a module importing itself). */
export function circles(graph: Map<string, string[]>): string[][];
/** The project's modules under lib, widgets, host and server, each with the modules it imports at runtime. */
export function importGraph(): Map<string, string[]>;
