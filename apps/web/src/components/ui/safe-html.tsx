import { sanitizeWith, setUpPurifier } from '@club/shared/html/sanitize';
import createDOMPurify from 'dompurify';
import { type ElementType, useMemo } from 'react';

/** A private DOMPurify instance: its link hook never leaks into other users of the library. */
const purifier = typeof window === 'undefined' ? null : setUpPurifier(createDOMPurify(window));

/**
 * Server HTML made safe (SPEC.md §9) by the rules the server also applies before storing rich text
 * (packages/shared/src/html/sanitize.ts): scripts, event handlers, forms and frames removed; every
 * link opens in a new tab with noopener noreferrer.
 */
export function sanitizeHtml(html: string): string {
  if (!purifier) return '';
  return sanitizeWith(purifier, html);
}

/** Renders server HTML (about sections, FAQ answers, descriptions) after sanitising it. */
export function SafeHtml({
  html,
  as: Tag = 'div',
  className,
}: {
  html: string | null | undefined;
  as?: ElementType;
  className?: string;
}) {
  const clean = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
