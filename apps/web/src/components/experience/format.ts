import { formatClubDate, formatClubDateRange } from '../../lib/club-time';
/** '12 marca 2026' / '12 March 2026'. */
export function formatDate(date: string, lang: string): string {
  return formatClubDate(date, lang, 'long');
}

/** A trip's span ('12–16 March 2026'), or one day. */
export const formatDateRange = formatClubDateRange;

/** The last path segment of a product page: `{id}-{slug}`. */
