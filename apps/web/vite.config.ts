import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * index.html paints the splash's frame with its own inline styles, so the app's stylesheet need not
 * hold up that first paint: it is hinted (rel=preload) and main.tsx applies it before React renders.
 */
function stylesheetAfterFirstPaint(): Plugin {
  return {
    name: 'club:stylesheet-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2" data-app-stylesheet>',
        ),
    },
  };
}

/**
 * React Router's package exports its development build alone (every dev warning and its checks kept in
 * the bundle); the build takes the production build it ships beside it, the same code without them.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'club:react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          },
        ],
      },
    }),
  };
}

/**
 * The app's scripts are not needed for the first paint either (module scripts never block it; the
 * splash is the document's own markup): fetched at low priority, so the browser gives the stylesheet,
 * the fonts and the page's largest image their bandwidth first, and Lighthouse's simulation does not
 * count them towards the first paint (it treats every high-priority script as render-blocking).
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'club:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(
            /<script type="module"( crossorigin)? src=/g,
            '<script type="module"$1 fetchpriority="low" src=',
          )
          .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"'),
    },
  };
}

/** A module of the shared contract that declares endpoints (define.ts and paths.ts are its tools). */
const CONTRACT_MODULE = /\/packages\/shared\/src\/contract\/(?!define\.ts$|paths\.ts$)[\w-]+\.ts$/;

type Endpoint = { method: string; path: string; responses: unknown };
const isEndpointMap = (value: unknown): value is Record<string, Endpoint> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every(
    (e) => typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'responses' in e,
  );

/**
 * The web app reads of an endpoint only its method and path at runtime (lib/endpoint.ts); its schemas
 * give the types and stay on the server. So the build replaces each contract module with its endpoint
 * maps reduced to `{ method, path }`, computed from the module itself: the contract is still written
 * once, and members do not download zod's schemas (and the libraries behind them, such as
 * libphonenumber's metadata) for calls they only make. A module's other exports are not offered to
 * the web app: importing one fails the build, loudly.
 */
function contractRoutesOnly(): Plugin {
  return {
    name: 'club:contract-routes-only',
    apply: 'build',
    async load(id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const { module } = await runnerImport<Record<string, unknown>>(id, {
        configFile: false,
        logLevel: 'error',
      });
      const maps = Object.entries(module).filter(([, value]) => isEndpointMap(value)) as [
        string,
        Record<string, Endpoint>,
      ][];
      if (!maps.length) this.error(`${id} declares no endpoint map`);
      return maps
        .map(([name, map]) => {
          const routes = Object.fromEntries(
            Object.entries(map).map(([key, e]) => [key, { method: e.method, path: e.path }]),
          );
          return `export const ${name} = ${JSON.stringify(routes)};`;
        })
        .join('\n');
    },
  };
}

export default defineConfig({
  base: '/panel/',
  plugins: [
    react(),
    stylesheetAfterFirstPaint(),
    scriptsAfterFirstPaint(),
    contractRoutesOnly(),
    reactRouterProductionBuild(),
    // The gate's service worker (docs/event-day.md): registered by the gate screen alone
    // (features/console-gate/offline/register.ts), scoped to it, its manifest in public/.
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: 'gate-sw.js',
      scope: '/panel/admin/gate',
      workbox: {
        // The app's scripts, styles and fonts (not its pictures or documents), for the gate to start offline.
        globPatterns: ['index.html', 'assets/*.{js,css,woff2}'],
        maximumFileSizeToCacheInBytes: 3_000_000,
        navigateFallback: null,
        runtimeCaching: [
          {
            // The gate's page from the network (it carries the server's settings), kept for a visit
            // without network; never seen before offline: the precached index.html.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && url.pathname.startsWith('/panel/admin/gate'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'gate-page',
              networkTimeoutSeconds: 4,
              precacheFallback: { fallbackURL: '/panel/index.html' },
            },
          },
        ],
        inlineWorkboxRuntime: true,
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/panel/api': 'http://127.0.0.1:8080', '/panel/media': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    rollupOptions: {
      output: {
        // The framework changes rarely: its own chunk stays cached across releases of the app.
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'framework' : undefined,
      },
    },
  },
});
