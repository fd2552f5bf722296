import { type ElementType, useEffect, useState } from 'react';

/**
 * Server HTML on a page that should not wait for DOMPurify (some 12 KB gzip) in its first chunk: the
 * sanitiser (safe-html.tsx, the same DOMPurify set-up as everywhere) arrives in its own chunk, started
 * as early as the data (`prepareHtml`). Every description goes through it; there is no shortcut.
 */
type Sanitize = (html: string) => string;
let sanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;
const loadSanitizer = (): Promise<Sanitize> => {
  loading ??= import('./safe-html').then((m) => {
    sanitize = m.sanitizeHtml;
    return m.sanitizeHtml;
  });
  return loading;
};

/** Starts DOMPurify's chunk when HTML is coming (e.g. with the data, before the page renders). */
export function prepareHtml(html: string | null | undefined): void {
  if (html) loadSanitizer().catch(() => {});
}

/**
 * The sanitised HTML to render ('' for none), or null while DOMPurify is still on its way: a page shows
 * its loading state until then, so the text never pops in under the reader (no layout shift).
 */
export function useSafeHtml(html: string | null | undefined): string | null {
  const [ready, setReady] = useState(() => sanitize !== null);
  useEffect(() => {
    if (!html || ready) return;
    let live = true;
    loadSanitizer().then(
      () => live && setReady(true),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [html, ready]);
  if (!html) return '';
  return sanitize ? sanitize(html) : null;
}

/** Renders HTML made safe by useSafeHtml (nothing until it is). */
export function LightHtml({
  html,
  as: Tag = 'div',
  className,
}: {
  html: string | null;
  as?: ElementType;
  className?: string;
}) {
  if (html === null) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (useSafeHtml).
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
