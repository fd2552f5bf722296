/**
 * The server's settings written into index.html as meta tags (apps/server/src/plugins/static.ts):
 * SITE_HOME_URL, LEGAL_NOTE_URL and LEGAL_NOTE_URL_EN. Without them (the Vite dev server, /panel/index.html) the
 * defaults of DESIGN.md apply.
 */
const DEFAULT_SITE_HOME = '/panel/login';
const DEFAULT_LEGAL_NOTE = 'https://www.bmw.pl/pl/footer/metanavigation/legal-disclaimer-pool/imprint.html';

const meta = (name: string): string | null =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;

/** Where a visitor without a session goes (after the splash's failure, after logout). */
export const siteHomeUrl = (): string => meta('club-site-home') ?? DEFAULT_SITE_HOME;

/** The footer's legal note in the member's language: LEGAL_NOTE_URL_EN for English, else LEGAL_NOTE_URL. */
export const legalNoteUrl = (language?: string): string =>
  (language?.startsWith('en') ? meta('club-legal-note-en') : null) ??
  meta('club-legal-note') ??
  DEFAULT_LEGAL_NOTE;

/** The server takes payments through its sandbox (no money): the panel says so to every member. */
export const testPayments = (): boolean => meta('club-test-payments') === '1';

/**
 * The app's own route when the site home is a page of this app (the default: its sign-in page under
 * the router's base), else null: an address elsewhere is left with a full page load.
 */
export function siteHomeRoute(base = '/panel'): string | null {
  const url = siteHomeUrl();
  return url === base || url.startsWith(`${base}/`) ? url.slice(base.length) || '/' : null;
}
