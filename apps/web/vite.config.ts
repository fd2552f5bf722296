import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';

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
  plugins: [react(), stylesheetAfterFirstPaint(), contractRoutesOnly()],
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
