/**
 * The gate as an installable app (issue 29, docs/event-day.md): its manifest (public/gate.webmanifest)
 * and its service worker (gate-sw.js, made by vite-plugin-pwa's Workbox at build time: the app's
 * scripts and styles precached, the gate's address answered from the cache without network). Both
 * are offered by the gate screen only and the worker's scope is /panel/admin/gate: members' pages
 * are never controlled by it and never offer to install it.
 */
export function registerGateApp(): () => void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return () => undefined;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/panel/gate.webmanifest';
  document.head.append(link);
  navigator.serviceWorker
    .register('/panel/gate-sw.js', { scope: '/panel/admin/gate' })
    .catch(() => undefined);
  return () => link.remove();
}
