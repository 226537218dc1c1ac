// The screen list (screens.ts) is the one place a screen is declared: the generated files
// follow it, and it agrees with the widget folders and element files it names.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../screens';
import { definedTags, elementFile, root, staleOutputs } from '../../scripts/screens';

describe('the screen list', () => {
  it('every generated file is up to date (else run `npm run screens`)', () => {
    expect(staleOutputs(), 'these files are out of date with screens.ts: run `npm run screens`').toEqual([]);
  });

  it('names each screen, tag and route once', () => {
    const names = SCREENS.map((screen) => screen.name);
    const tags = SCREENS.flatMap((screen) => screen.elements.map((element) => element.tag));
    const paths = SCREENS.flatMap((screen) => screen.routes.map((route) => route.path));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(tags).size).toBe(tags.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const tag of tags) expect(tag).toMatch(/^cf-[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('each screen has its folder and index, and its element file defines exactly its tags', () => {
    for (const screen of SCREENS) {
      expect(existsSync(join(root, 'widgets', screen.name, 'index.ts')), screen.name).toBe(true);
      if (!screen.elements.length) continue;
      expect(existsSync(join(root, elementFile(screen))), elementFile(screen)).toBe(true);
      expect(definedTags(screen).sort(), elementFile(screen)).toEqual(screen.elements.map((element) => element.tag).sort());
    }
  });

  it('each route names a component its screen exports, and a parameterised path has an example', () => {
    for (const screen of SCREENS) {
      const index = readFileSync(join(root, 'widgets', screen.name, 'index.ts'), 'utf8');
      for (const route of screen.routes) {
        expect(index, `${route.path}: ${route.component}`).toMatch(new RegExp(`\\b${route.component}\\b`));
        if (route.path.includes(':')) expect(route.example, route.path).toMatch(/^\/[^:]*$/);
      }
    }
  });

  it('bound attributes name the screen prop that reports the change', () => {
    for (const element of SCREENS.flatMap((screen) => screen.elements))
      for (const [prop, attribute] of Object.entries(element.attributes ?? {}))
        if (attribute.binding) expect(attribute.binding.onChange, `${element.tag} ${prop}`).toMatch(/^on[A-Z]\w*Change$/);
  });
});
