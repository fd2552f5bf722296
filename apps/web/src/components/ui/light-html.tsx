import { type ElementType, useEffect, useMemo, useState } from 'react';

/**
 * Server HTML without loading DOMPurify (some 12 KB) when it does not need it: a description made only
 * of simple elements without a single attribute (paragraphs, emphasis, lists, headings) and text has
 * nothing to remove, so it is shown as the browser parsed it. Anything else (a link, an image, an
 * attribute, a comment, SVG, a style or script element) goes through DOMPurify (safe-html.tsx),
 * loaded on demand. The parse happens in a DOMParser document: inert, nothing in it runs or loads.
 */
const PLAIN_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SMALL',
  'SPAN',
  'UL',
  'OL',
  'LI',
  'H2',
  'H3',
  'H4',
  'BLOCKQUOTE',
  'SECTION',
]);

/** The HTML re-serialised from the inert parse if it is plain (see above), else null. */
export function plainHtml(html: string): string | null {
  if (typeof DOMParser === 'undefined') return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  // Elements the parser puts in the head (style, script, meta, ...) or comments outside <html>: not plain.
  if (doc.childNodes.length !== 1 || doc.head.childNodes.length > 0) return null;
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_ALL);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    if (!PLAIN_TAGS.has(element.tagName) || element.attributes.length > 0) return null;
  }
  return body.innerHTML;
}

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

/** Starts DOMPurify's chunk if this HTML will need it (e.g. with the data, before the page renders). */
export function prepareHtml(html: string | null | undefined): void {
  if (html && plainHtml(html) === null) loadSanitizer().catch(() => {});
}

/**
 * The safe HTML to render, or null while DOMPurify is still on its way: a page shows its loading
 * state until then, so the text never pops in under the reader (no layout shift).
 */
export function useSafeHtml(html: string | null | undefined): string | null {
  const plain = useMemo(() => (html ? plainHtml(html) : ''), [html]);
  const [ready, setReady] = useState(() => sanitize !== null);
  useEffect(() => {
    if (plain !== null || ready) return;
    let live = true;
    loadSanitizer().then(
      () => live && setReady(true),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [plain, ready]);
  if (plain !== null) return plain;
  return sanitize ? sanitize(html ?? '') : null;
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
  // biome-ignore lint/security/noDangerouslySetInnerHtml: plain markup (no attributes) or sanitised by DOMPurify.
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
