// The layers, as lint rules: each folder may import only from the layers beneath it (see
// docs/architecture.md). One `no-restricted-imports` block per folder; ESLint replaces a rule's
// options file by file, so each block lists everything its folder may not reach.
// tests/unit/boundaries.test.ts plants a violation in a temporary copy and expects it reported.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders of widgets/ that are not screens: primitives, shared parts and the element frame. */
const NOT_SCREENS = new Set(['ui', 'shared', 'elements']);
/** The Settings screen is the admin area: its tabs are the admin screens, and it shows their views. */
const COMPOSITES = { settings: ['activity', 'billing', 'data-export', 'data-import', 'developer', 'integrations', 'notifications', 'team'] };

const group = (names, message) => ({ group: names.flatMap((n) => [`**/${n}`, `**/${n}/**`]), message });

const ui = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', '@preact/signals-react', '@preact/signals-react/*'];
const noReact = { group: ui, message: 'lib/ never imports React or the DOM: it runs in the browser store, the server and the tests alike.' };
const noUp = (from) => group(['widgets', 'host', 'server'], `${from} is beneath widgets/, host/ and server/: it may not import them.`);

/**
 * The boundary blocks for a tree rooted at `root` (the repository, or a test's copy of it).
 * @param {string} root
 */
export function boundaryConfigs(root) {
  const screens = readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SCREENS.has(entry.name))
    .map((entry) => entry.name);
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    {
      files: ['lib/domain/**'],
      rules: rule(noReact, noUp('lib/domain'), group(['store', 'storage', 'sync', 'mutators', 'schema', 'sample'], 'lib/domain holds pure rules: no store, storage, sync, schema, mutators or sample data.')),
    },
    {
      files: ['lib/schema/**'],
      rules: rule(noReact, noUp('lib/schema'), group(['store', 'storage', 'sync', 'mutators'], 'lib/schema declares records: it imports no storage, store, sync or mutators.')),
    },
    {
      files: ['lib/mutators/**'],
      rules: rule(noReact, noUp('lib/mutators'), group(['store', 'storage', 'sync'], 'Mutators run on any transaction: they import no store, storage or sync client.')),
    },
    {
      files: ['lib/**'],
      ignores: ['lib/domain/**', 'lib/schema/**', 'lib/mutators/**'],
      rules: rule(noReact, noUp('lib')),
    },
    {
      files: ['server/**'],
      rules: rule(
        group(['widgets', 'host'], 'The server imports no screen or page.'),
        group(['lib/store', 'lib/storage', 'lib/sync/client'], 'The server runs mutators on its own transactions: it imports no browser store, storage or sync client.'),
        { group: ui, message: 'The server renders no React.' },
      ),
    },
    {
      files: ['widgets/ui/**', 'widgets/shared/**'],
      rules: rule(
        group(['host', 'server'], 'widgets/ never import the host app or the server.'),
        { group: ['react-router-dom'], message: 'Screens link through widgets/ui/navigation; only host/ knows the router.' },
        ...screens.map((s) => group([`widgets/${s}`, `../${s}`], `Shared parts import no screen (${s}).`)),
      ),
    },
    ...screens.map((screen) => ({
      files: [`widgets/${screen}/**`],
      rules: rule(
        group(['host', 'server'], 'widgets/ never import the host app or the server.'),
        { group: ['react-router-dom'], message: 'Screens link through widgets/ui/navigation; only host/ knows the router.' },
        ...screens
          .filter((other) => other !== screen && !(COMPOSITES[screen] ?? []).includes(other))
          .map((other) => group([`widgets/${other}`, `../${other}`], `Screens do not import each other (${screen} → ${other}): move the shared part to widgets/ui or widgets/shared.`)),
      ),
    })),
  ];
}
