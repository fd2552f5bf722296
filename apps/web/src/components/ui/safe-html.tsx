import createDOMPurify from 'dompurify';
import { type ElementType, useMemo } from 'react';

/** A private DOMPurify instance: its link hook never leaks into other users of the library. */
const purifier = typeof window === 'undefined' ? null : createDOMPurify(window);
purifier?.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Server HTML made safe (SPEC.md §9): scripts, event handlers, forms and frames removed; every
 * link opens in a new tab with noopener noreferrer.
 */
export function sanitizeHtml(html: string): string {
  if (!purifier) return '';
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
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
