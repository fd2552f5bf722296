import { createRequire } from 'node:module';
import { type Purifier, sanitizeWith, setUpPurifier } from '@club/shared/html/sanitize';

/**
 * Rich text from the console (descriptions, the about page, FAQ answers, …) made safe BEFORE it is
 * stored, by the same DOMPurify rules the member pages apply when they render it
 * (packages/shared/src/html/sanitize.ts). One jsdom window for the process, made on first use; jsdom
 * itself is loaded then too (it is 11 MB of heap and ~40 MB of RSS the members' requests never need,
 * docs/performance.md "Memory on PGlite"). Both are CommonJS packages, so `require` loads them in place.
 */
let purifier: Purifier | undefined;
const load = createRequire(import.meta.url);

export function sanitizeHtml(html: string): string {
  if (!purifier) {
    const createDOMPurify = load('dompurify') as typeof import('dompurify').default;
    const { JSDOM } = load('jsdom') as typeof import('jsdom');
    purifier = setUpPurifier(createDOMPurify(new JSDOM('').window) as unknown as Purifier);
  }
  return sanitizeWith(purifier, html).trim();
}

/** The rich text to store: sanitised, and '' when nothing readable is left (an empty editor). */
export function storableHtml(html: string): string {
  const clean = sanitizeHtml(html);
  return clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === ''
    ? ''
    : clean;
}
