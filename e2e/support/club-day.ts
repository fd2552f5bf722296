/**
 * The club's calendar day (Europe/Warsaw) `days` from today, as YYYY-MM-DD: the day the server
 * counts an experience's start by. A day counted in UTC is the club's yesterday from 23:00 UTC (22:00
 * in summer) to midnight, so a "tomorrow" made that way starts today in the club and cannot be
 * booked: the clean-clone run of 23:05 UTC failed eleven event-day tests so.
 */
export function clubDay(days = 0, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
