const parse = (date: string) => new Date(`${date}T12:00:00`);

/** '12 marca 2026' / '12 March 2026'. */
export function formatDate(date: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', { dateStyle: 'long' }).format(
    parse(date),
  );
}

/** A trip's span ('12–16 March 2026'), or one day. */
export function formatDateRange(start: string, end: string | null, lang: string): string {
  if (!end || end === start) return formatDate(start, lang);
  const format = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', { dateStyle: 'long' });
  return format.formatRange(parse(start), parse(end));
}

/** The last path segment of a product page: `{id}-{slug}`. */
