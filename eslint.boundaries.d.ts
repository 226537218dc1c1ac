import type { Linter } from 'eslint';

/** The import-boundary blocks for a tree rooted at `root` (the repository, or a test's copy of it). */
export function boundaryConfigs(root: string): Linter.Config[];
