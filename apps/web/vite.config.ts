import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/panel/',
  plugins: [react()],
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
