// The npm library: ESM + .d.ts, one entry per screen, the store, and the element entries.
import { defineConfig } from 'tsup';

const screens = [
  'inventory',
  'funnel-board',
  'creator',
  'orders',
  'calendar',
  'analytics',
  'notifications',
  'settings',
  'team',
  'billing',
  'integrations',
  'developer',
  'activity',
  'data-import',
  'data-export',
  'help',
  'onboarding',
];

export default defineConfig({
  entry: {
    index: 'widgets/index.ts',
    store: 'lib/store/index.ts',
    ui: 'widgets/ui/index.ts',
    'elements/index': 'widgets/elements/index.ts',
    // Types of the standalone script (dist/elements.js, built by vite).
    'elements/standalone': 'widgets/elements/loader.ts',
    ...Object.fromEntries(screens.map((screen) => [screen, `widgets/${screen}/index.ts`])),
    ...Object.fromEntries(
      screens.map((screen) => [`elements/${screen}`, `widgets/elements/${screen}.tsx`]),
    ),
  },
  format: ['esm'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: false,
  outDir: 'dist/lib',
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
});
