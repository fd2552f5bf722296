/**
 * The one way the web app writes dates and times (issue 28): every time is the club's, Europe/Warsaw,
 * whatever the browser's zone, and a time of day says so, so a member abroad cannot misread it.
 */
export const CLUB_TIME_ZONE = 'Europe/Warsaw';

const localeOf = (lang: string) => (lang === 'en' ? 'en-GB' : 'pl-PL');
const ZONE_NOTE: Record<string, string> = { pl: 'czasu polskiego', en: 'Polish time' };

/** Today in Warsaw, as YYYY-MM-DD (what a deadline of a calendar day is compared with). */
export function clubToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE }).format(now);
}

/** A calendar day (YYYY-MM-DD) read at noon in Warsaw; an instant (ISO with time) as it is. */
const instantOf = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);

/** '12 mar 2026' / '12 Mar 2026' (medium) or '12 marca 2026' / '12 March 2026' (long): the day in Warsaw. */
export function formatClubDate(
  value: string,
  lang: string,
  style: 'short' | 'medium' | 'long' = 'medium',
): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: style, timeZone: CLUB_TIME_ZONE }).format(
    instantOf(value),
  );
}

/** A span of days in Warsaw ('12–16 March 2026'), or one day. */
export function formatClubDateRange(start: string, end: string | null, lang: string): string {
  if (!end || end === start) return formatClubDate(start, lang, 'long');
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: CLUB_TIME_ZONE }).formatRange(
    instantOf(start),
    instantOf(end),
  );
}

/** '12 mar 2026, 18:30 (czasu polskiego)' / '12 Mar 2026, 18:30 (Polish time)'. */
export function formatClubDateTime(
  iso: string,
  lang: string,
  style: 'short' | 'medium' | 'long' = 'medium',
): string {
  const text = new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: style,
    timeStyle: 'short',
    timeZone: CLUB_TIME_ZONE,
  }).format(new Date(iso));
  return `${text} (${ZONE_NOTE[lang] ?? ZONE_NOTE.en})`;
}
