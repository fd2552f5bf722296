/**
 * The one sanitiser of HTML members see (SPEC.md §9), shared by the server and the web app: the
 * server passes every rich text the console saves through it before storing it
 * (apps/server/src/lib/sanitize-html.ts), and the member pages pass what they render through it again
 * (apps/web/src/components/ui/safe-html.tsx). Both build a DOMPurify instance with `setUpPurifier`
 * (DOMPurify over jsdom on the server, over the page's window in the browser) and call
 * `sanitizeWith`, so the rules cannot drift apart.
 *
 * What survives: text structure (headings, paragraphs, lists, emphasis, links with http(s), mailto and
 * tel addresses). What goes: scripts, event handlers, `javascript:` links, inline styles, forms and
 * frames. Every link opens in a new tab with noopener noreferrer.
 */

/** The part of DOMPurify's interface used here (the package is a dependency of each app, not of this one). */
export type Purifier = {
  sanitize(html: string, config: Record<string, unknown>): unknown;
  addHook(entryPoint: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
};

export const SANITIZE_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
} as const;

/** Adds the link rule to a fresh DOMPurify instance (never to the library's global one). */
export function setUpPurifier<P extends Purifier>(purifier: P): P {
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/** The HTML made safe by a purifier set up with `setUpPurifier`. */
export function sanitizeWith(purifier: Purifier, html: string): string {
  return String(purifier.sanitize(html, { ...SANITIZE_CONFIG }));
}

/** True when rich text holds no words (an empty editor gives `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
