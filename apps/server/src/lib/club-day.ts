/** The club's calendar day (Europe/Warsaw), as YYYY-MM-DD. */
export function clubToday(now = new Date()): string {
  // Formatting costs microseconds and every catalogue read asks (twice): once per second of time is exact.
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastSecond) {
    lastDay = clubDayFormat.format(now);
    lastSecond = second;
  }
  return lastDay;
}

let lastSecond = Number.NaN;
let lastDay = '';

/** Built once: constructing an Intl.DateTimeFormat per call cost 4% of the CPU under list load. */
const clubDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The club's day `days` after today (before, when negative), as YYYY-MM-DD. */
export const clubDayFromToday = (days: number, now = new Date()): string =>
  new Date(Date.parse(`${clubToday(now)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
