// One config, three uses: `vite` (dev server: host app, examples, elements from source),
// `vite build --mode host` (dist/host) and `vite build --mode elements` (dist/elements.js
// plus shared chunks, React inside). The library build is tsup's (tsup.config.ts).
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => resolve(import.meta.dirname, path);

/** Dev server: app routes get the host page; /dist/elements.js is the loader from source. */
function devRoutes(): Plugin {
  return {
    name: 'creatorflow-dev-routes',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '/';
        const path = url.split('?')[0];
        if (path === '/dist/elements.js') req.url = '/widgets/elements/loader.ts';
        else if (path.startsWith('/c/')) req.url = '/host/portal.html';
        else if (path.startsWith('/examples/') && path.endsWith('/')) req.url = `${path}index.html`;
        else if (
          req.method === 'GET' &&
          (req.headers.accept ?? '').includes('text/html') &&
          !path.startsWith('/examples/') &&
          !path.startsWith('/@') &&
          !/\.[a-z0-9]+$/i.test(path)
        )
          req.url = '/host/index.html';
        next();
      });
    },
    // The host page is served at every app path, so its entry must be absolute here.
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/src="\.\/main\.tsx(\?[^"]*)?"/, 'src="/host/main.tsx$1"').replace('src="./portal/main.tsx"', 'src="/host/portal/main.tsx"'),
    },
  };
}

export default defineConfig(({ command, mode }) => {
  const production = command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined;
  if (mode === 'elements') {
    return {
      plugins: [react()],
      define: production,
      publicDir: false,
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        sourcemap: true,
        target: 'es2022',
        lib: { entry: here('widgets/elements/loader.ts'), formats: ['es'], fileName: () => 'elements.js' },
        rollupOptions: {
          output: {
            // An element's chunk is named after its screen (inventory-*.js), not its file (element.tsx).
            chunkFileNames: (chunk) => `elements/chunks/${/\/widgets\/([^/]+)\/element\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1] ?? '[name]'}-[hash].js`,
            // One core chunk that every element shares: React, signals, the store, the UI kit.
            manualChunks(id) {
              // Each language but English is its own chunk, fetched only when chosen (with its date-fns locale).
              const language = /lib\/i18n\/compiled\/(es|fr)\.ts$/.exec(id) ?? /node_modules\/date-fns\/locale\/(es|fr)(\/|\.js)/.exec(id);
              if (language) return `lang-${language[1]}`;
              if (/node_modules\/(react|react-dom|scheduler|@preact|@r2wc|react-hot-toast|goober|@tanstack|date-fns)\//.test(id)) return 'core';
              if (/\/(lib|widgets\/ui)\//.test(id) && !id.includes('node_modules')) return 'core';
              return undefined;
            },
          },
        },
      },
    };
  }
  if (mode === 'host') {
    return {
      root: here('host'),
      plugins: [react()],
      define: production,
      publicDir: false,
      build: {
        outDir: here('dist/host'),
        emptyOutDir: true,
        sourcemap: true,
        target: 'es2022',
        rollupOptions: {
          // The creator portal is a page of its own: it shares React's chunk, never the workspace's.
          input: { main: here('host/index.html'), portal: here('host/portal.html') },
          output: {
            // React is a chunk of its own: a deploy of the app leaves the browser's cached copy
            // valid, since React's bytes (and so its hashed name) change only when React does.
            manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined),
          },
        },
      },
    };
  }
  return {
    plugins: [react(), devRoutes()],
    appType: 'mpa',
    server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
  };
});
