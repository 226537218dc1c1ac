/** The unit and component test files (relative to the repository) that are among `changed` or import one of them at run time. */
export function relatedTests(changed: string[]): string[];
