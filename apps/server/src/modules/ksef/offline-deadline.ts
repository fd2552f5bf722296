/**
 * The deadline of an invoice issued in KSeF's offline24 mode (art. 106nda of the VAT act,
 * `tryby-offline.md`): it must reach KSeF by the **next working day after its issue date** (`P_1`).
 * A working day is Monday to Friday that is not a Polish public holiday (the act on public holidays:
 * 1 and 6 January, Easter Sunday and Monday, 1 and 3 May, Pentecost Sunday, Corpus Christi,
 * 15 August, 1 and 11 November, 24, 25 and 26 December; 24 December since 2025). Dates are
 * `YYYY-MM-DD` club days.
 */

const FIXED = ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** The Polish public holidays of a year, as `YYYY-MM-DD`. */
export function polishHolidays(year: number): Set<string> {
  const sunday = easter(year);
  const days = FIXED.map((md) => `${year}-${md}`);
  if (year >= 2025) days.push(`${year}-12-24`);
  // Easter Sunday and Monday, Pentecost (7th Sunday after Easter), Corpus Christi (60 days after).
  for (const offset of [0, 1, 49, 60]) days.push(iso(plusDays(sunday, offset)));
  return new Set(days);
}

/** Monday to Friday and not a public holiday. */
export function isWorkingDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !polishHolidays(date.getUTCFullYear()).has(day);
}

/** The last day an invoice issued offline on `issueDate` may be sent to KSeF (offline24). */
export function offlineDeadline(issueDate: string): string {
  let day = new Date(`${issueDate}T00:00:00Z`);
  do day = plusDays(day, 1);
  while (!isWorkingDay(iso(day)));
  return iso(day);
}
