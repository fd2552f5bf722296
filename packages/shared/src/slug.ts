/** Category slug of SPEC.md §2: name lowercased, spaces replaced by hyphens. */
export const categorySlug = (name: string): string => name.toLowerCase().replace(/ /g, '-');

/** URL-safe product slug built from a name (diacritics folded). */
export function productSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The panel's address of an experience, from the names in the reader's language (SPEC.md §2:
 * /panel/experiences/{category}/{id}-{slug}): what the mails link to.
 */
export const experiencePagePath = (categoryName: string, id: number, name: string): string =>
  `/panel/experiences/${categorySlug(categoryName)}/${id}-${productSlug(name)}`;

/**
 * Parses the last segment of /experiences/{category}/{id}-{slug}: "12-track-day", "12" or an alias.
 * Returns the numeric id when the segment starts with digits, else the alias.
 */
export function parseProductParam(segment: string): { id: number } | { alias: string } | null {
  const match = /^(\d+)(?:-[\w-]*)?$/.exec(segment);
  if (match) {
    const id = Number(match[1]);
    return Number.isSafeInteger(id) && id > 0 ? { id } : null;
  }
  return /^[a-z0-9][a-z0-9-]*$/i.test(segment) ? { alias: segment.toLowerCase() } : null;
}

/** The largest id a table holds (PostgreSQL `integer`), as the API's `idParam` checks it. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * The id of a route such as /customers/edit/{id} (SPEC.md §2: "id numeric"): digits only, 1 to the
 * largest row id; anything else (`abc`, `12abc`, `-1`, `0`) is null, and the screen goes to not-found.
 */
export function parseRouteId(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,10}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 && id <= MAX_ROW_ID ? id : null;
}
