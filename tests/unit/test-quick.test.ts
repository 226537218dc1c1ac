// npm run test:quick chooses the unit and component tests of a change from the import
// statements (scripts/test-quick.mjs): what imports a changed file, directly or not, and nothing else.
import { describe, expect, it } from 'vitest';
import { relatedTests } from '../../scripts/test-quick.mjs';

describe('the tests of a change', () => {
  it('are the tests that import the changed file, directly or through others, and only those', () => {
    const chosen = relatedTests(['lib/domain/csv-export.ts']);
    // Directly (the CSV rules' own tests) and through the screens that export.
    expect(chosen).toContain('tests/unit/csv.test.ts');
    expect(chosen).toContain('tests/components/export.test.tsx');
    // A screen that never reaches the export is not run.
    expect(chosen).not.toContain('tests/components/calendar.test.tsx');
    expect(chosen.every((path) => /^tests\/(unit\/.*\.test\.ts|components\/.*\.test\.tsx)$/.test(path))).toBe(true);
  });

  it('count a file a screen shows as text (`?raw`), and a changed test is its own test', () => {
    expect(relatedTests(['examples/sdk/client.ts'])).toContain('tests/components/developer.test.tsx');
    expect(relatedTests(['tests/unit/zip.test.ts'])).toEqual(['tests/unit/zip.test.ts']);
  });

  it('are every component test after a change to their setup file, and every test after a config change', () => {
    const components = relatedTests(['tests/components/setup.ts']);
    expect(components.length).toBeGreaterThan(40);
    expect(components.every((path) => path.startsWith('tests/components/'))).toBe(true);
    const everything = relatedTests(['vitest.config.ts']);
    expect(everything).toEqual(expect.arrayContaining([...components, 'tests/unit/zip.test.ts']));
  });

  it('are none for a change no unit or component test reaches', () => {
    expect(relatedTests(['server/main.ts', 'README.md'])).toEqual([]);
  });
});
