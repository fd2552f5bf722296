import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  base: '/panel/',
  plugins: [react(), stylesheetAfterFirstPaint()],
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
