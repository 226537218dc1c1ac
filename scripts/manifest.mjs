#!/usr/bin/env -S npx tsx
// Generates dist/custom-elements.json (Custom Elements Manifest 2.1): tags and attributes from the
// screen list (screens.ts), descriptions, events and parts from the header comment of each
// screen's element file (@event / @csspart lines). Runs under tsx, which reads the TypeScript list.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SCREENS } from '../screens.ts';
import { elementDocs, elementFile, elementTable } from './screens.ts';

const root = resolve(import.meta.dirname, '..');
const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const TOKENS = [
  ['--cf-font', 'Font family'],
  ['--cf-font-size', 'Base font size'],
  ['--cf-color-bg', 'Page background'],
  ['--cf-color-surface', 'Card and table background'],
  ['--cf-color-text', 'Text colour'],
  ['--cf-color-muted', 'Secondary text colour'],
  ['--cf-color-border', 'Border colour'],
  ['--cf-color-primary', 'Primary (buttons, links, active tab)'],
  ['--cf-color-primary-text', 'Text on primary'],
  ['--cf-color-danger', 'Destructive actions and errors'],
  ['--cf-color-focus', 'Focus ring'],
  ['--cf-radius', 'Corner radius'],
  ['--cf-space', 'Base spacing unit'],
];

export function buildManifest() {
  const modules = [];
  for (const screen of SCREENS.filter((s) => s.elements.length)) {
    const path = elementFile(screen);
    const declarations = screen.elements.map((element) => ({
      kind: 'class',
      customElement: true,
      tagName: element.tag,
      name: `Cf${element.tag.slice(3).replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`,
      description: elementDocs(screen, element.tag).description,
      attributes: Object.entries(element.attributes ?? {}).map(([prop, attribute]) => ({
        name: kebab(prop),
        fieldName: prop,
        type: { text: attribute.values ? attribute.values.map((v) => `'${v}'`).join(' | ') : attribute.type === 'json' ? 'object' : attribute.type },
        description: attribute.description,
      })),
      events: elementDocs(screen, element.tag).events.map((e) => ({ name: e.name, type: { text: 'CustomEvent' }, description: e.description })),
      cssParts: elementDocs(screen, element.tag).parts.map(({ name, description }) => ({ name, description })),
      cssProperties: TOKENS.map(([name, text]) => ({ name, description: text })),
    }));
    modules.push({
      kind: 'javascript-module',
      path,
      declarations,
      exports: declarations.map((d) => ({ kind: 'custom-element-definition', name: d.tagName, declaration: { name: d.name, module: path } })),
    });
  }
  return { schemaVersion: '2.1.0', readme: 'README.md', modules };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = buildManifest();
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist/custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const count = manifest.modules.reduce((n, m) => n + m.declarations.length, 0);
  console.log(`dist/custom-elements.json: ${count} elements`);
  if (process.argv.includes('--markdown')) console.log(`\n${elementTable()}`);
}
