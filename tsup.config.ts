// The npm library: ESM + .d.ts, one entry per screen (from the screen list), the store, the UI
// kit, and the element entries. The declarations are written by tsc first (tsconfig.lib.json,
// into .tmp/types); tsup only bundles those .d.ts files per entry. Letting tsup's declaration
// step compile the sources itself peaked at 5 GB, over Node's default heap.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defineConfig } from 'tsup';
import { SCREENS } from './screens';

const entry: Record<string, string> = {
  index: 'widgets/index.ts',
  store: 'lib/store/index.ts',
  ui: 'widgets/ui/index.ts',
  // The typed API client (types generated from the OpenAPI document by scripts/api-types.ts).
  client: 'lib/client/index.ts',
  'elements/index': 'widgets/elements/index.ts',
  // Types of the standalone script (dist/elements.js, built by vite).
  'elements/standalone': 'widgets/elements/loader.ts',
  ...Object.fromEntries(SCREENS.map((screen) => [screen.name, `widgets/${screen.name}/index.ts`])),
  ...Object.fromEntries(
    SCREENS.filter((screen) => screen.elements.length).map((screen) => [`elements/${screen.name}`, `widgets/${screen.name}/element.tsx`]),
  ),
};

/** Each entry's declaration file as tsc wrote it. */
const declarations = Object.fromEntries(
  Object.entries(entry).map(([name, source]) => [name, `.tmp/types/${source.replace(/\.tsx?$/, '.d.ts')}`]),
);

export default defineConfig({
  entry,
  format: ['esm'],
  dts: { entry: declarations },
  splitting: true,
  sourcemap: true,
  clean: false,
  outDir: 'dist/lib',
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  esbuildPlugins: [
    {
      // `import text from './file?raw'` as vite reads it: the file's text (the Developer area's SDK examples).
      name: 'raw-text',
      setup(build) {
        build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
        build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
      },
    },
  ],
});
