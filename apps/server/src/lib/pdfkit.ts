type PdfKit = typeof import('pdfkit');

let loaded: Promise<PdfKit> | null = null;

/**
 * pdfkit with fontkit (5 MB of heap, invoices and tickets), loaded with the first PDF rather than at
 * start, as jsdom and exceljs are (docs/performance.md, "PGlite's memory").
 */
export function loadPdfKit(): Promise<PdfKit> {
  // A CommonJS module: its exports are the dynamic import's default.
  loaded ??= import('pdfkit').then((module) => (module as unknown as { default: PdfKit }).default);
  return loaded;
}
