/** The two languages of the panel's texts (SPEC.md §1: Polish by default, English). */
export type Lang = 'pl' | 'en';

/**
 * The name in the reader's language of a row that keeps both (products, categories, terms,
 * interests, their columns in a query): one place for what a dozen modules spelled out.
 */
export function nameIn<T>(lang: Lang, row: { namePl: T; nameEn: T }): T {
  return lang === 'en' ? row.nameEn : row.namePl;
}
