import { describe, expect, it } from 'vitest';
import { clubToday, formatClubDate, formatClubDateTime } from './club-time';

describe('club time', () => {
  it('writes an instant in Warsaw time and says so, in both languages', () => {
    // 17:30 UTC in winter is 18:30 in Warsaw, whatever zone the test machine runs in.
    expect(formatClubDateTime('2026-01-15T17:30:00Z', 'en')).toMatch(/18:30 \(Polish time\)$/);
    expect(formatClubDateTime('2026-01-15T17:30:00Z', 'pl')).toMatch(/18:30 \(czasu polskiego\)$/);
  });
  it('keeps a calendar day the same day', () => {
    expect(formatClubDate('2026-03-12', 'en', 'long')).toBe('12 March 2026');
    // 23:30 UTC on 31 Dec is already New Year's day in Warsaw.
    expect(formatClubDate('2025-12-31T23:30:00Z', 'pl', 'long')).toBe('1 stycznia 2026');
  });
  it('the console lists short forms: a day and a moment in Warsaw (staff, seats, experiences)', () => {
    expect(formatClubDate('2026-03-12', 'pl', 'short')).toBe('12.03.2026');
    expect(formatClubDate('2026-03-11T23:30:00Z', 'en', 'short')).toBe('12/03/2026');
    expect(formatClubDateTime('2026-03-11T23:30:00Z', 'en', 'short')).toBe('12/03/2026, 00:30 (Polish time)');
  });
  it("today is Warsaw's day: 23:30 UTC on 28 November is 29 November there", () => {
    expect(clubToday(new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    expect(clubToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
