import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { routerReady, startFirstLoad } from './app/boot';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { i18nReady } from './lib/i18n';

startFirstLoad();

/** The stylesheet index.html hints (see vite.config.ts), applied: resolves when it is (or failed). */
function applyStylesheets(): Promise<unknown> {
  const hints = document.querySelectorAll<HTMLLinkElement>('link[data-app-stylesheet]');
  return Promise.all(
    [...hints].map(
      (hint) =>
        new Promise((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = hint.href;
          if (hint.crossOrigin !== null) link.crossOrigin = hint.crossOrigin;
          link.addEventListener('load', resolve);
          link.addEventListener('error', resolve);
          // In the hint's place, ahead of the route chunks' stylesheets that Vite appends to <head>:
          // the global rules (.container) must come first so that a feature's own rules win.
          hint.after(link);
        }),
    ),
  );
}

// index.html shows the splash's frame until this first render replaces it: React renders once the
// styles, the active language's texts and the first route are there (no raw key, no blank frame).
void Promise.all([applyStylesheets(), i18nReady.catch(() => {}), routerReady()]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
