#!/usr/bin/env node
// Generates dist/custom-elements.json (Custom Elements Manifest 2.1) from the element sources:
// each `defineScreenElement('tag', Component, { prop: 'type' })` call, and the @attr / @event /
// @csspart / @cssprop lines of the file's header comment.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = join(root, 'widgets/elements');
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
  for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f)).sort()) {
    const source = readFileSync(join(dir, file), 'utf8');
    const calls = [...source.matchAll(/defineScreenElement\(\s*'([a-z0-9-]+)'\s*,\s*(\w+)(?:\s*,\s*\{([^}]*)\})?/g)];
    if (!calls.length) continue;
    const header = source.match(/^\/\*\*([\s\S]*?)\*\//)?.[1] ?? '';
    const lines = header.split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trim());
    const tagged = (tag) =>
      lines.filter((l) => l.startsWith(`@${tag} `)).map((l) => {
        const [, name, description = ''] = l.match(new RegExp(`^@${tag}\\s+(\\S+)\\s*(?:-\\s*)?(.*)$`)) ?? [];
        return { name, description };
      });
    const description = lines.filter((l) => l && !l.startsWith('@')).join(' ');
    const events = tagged('event');
    const parts = tagged('csspart');
    const documentedAttrs = Object.fromEntries(tagged('attr').map((a) => [a.name, a.description]));
    const declarations = calls.map(([, tagName, component, props = '']) => {
      const attributes = [...props.matchAll(/(\w+)\s*:\s*'(\w+)'/g)].map(([, prop, type]) => ({
        name: kebab(prop),
        fieldName: prop,
        type: { text: type === 'json' ? 'object' : type },
        ...(documentedAttrs[kebab(prop)] ? { description: documentedAttrs[kebab(prop)] } : {}),
      }));
      return {
        kind: 'class',
        customElement: true,
        tagName,
        name: `Cf${tagName.slice(3).replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`,
        description: `${description} Renders the ${component} screen in an open shadow root.`.trim(),
        attributes,
        events: [
          ...events.map((e) => ({ name: e.name, type: { text: 'CustomEvent' }, description: e.description })),
        ],
        cssParts: parts,
        cssProperties: TOKENS.map(([name, text]) => ({ name, description: text })),
      };
    });
    modules.push({
      kind: 'javascript-module',
      path: `widgets/elements/${file}`,
      declarations,
      exports: declarations.map((d) => ({ kind: 'custom-element-definition', name: d.tagName, declaration: { name: d.name, module: `widgets/elements/${file}` } })),
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
  if (process.argv.includes('--markdown')) {
    // The README's element table.
    console.log('\n| Element | Attributes | Events | Parts |\n|---|---|---|---|');
    for (const d of manifest.modules.flatMap((m) => m.declarations)) {
      const list = (items) => items.map((i) => `\`${i.name}\``).join(', ') || '—';
      console.log(`| \`<${d.tagName}>\` | ${list(d.attributes)} | ${list(d.events)} | ${list(d.cssParts)} |`);
    }
  }
}
