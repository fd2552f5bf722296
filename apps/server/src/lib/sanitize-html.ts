import { type Purifier, sanitizeWith, setUpPurifier } from '@club/shared/html/sanitize';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Rich text from the console (descriptions, the about page, FAQ answers, …) made safe BEFORE it is
 * stored, by the same DOMPurify rules the member pages apply when they render it
 * (packages/shared/src/html/sanitize.ts). One jsdom window for the process, made on first use.
 */
let purifier: Purifier | undefined;

export function sanitizeHtml(html: string): string {
  purifier ??= setUpPurifier(createDOMPurify(new JSDOM('').window) as unknown as Purifier);
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
