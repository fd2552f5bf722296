import { describe, expect, it } from 'vitest';
import { isWorkingDay, offlineDeadline, polishHolidays } from './offline-deadline';

// Pure tests (no database): they run under both API projects, like every server test.

describe('the offline24 deadline (art. 106nda): the next working day after the issue date', () => {
  it('the guide’s example: issued on Wednesday 2025-07-08, due on Thursday 2025-07-09', () => {
    expect(offlineDeadline('2025-07-08')).toBe('2025-07-09');
  });

  it('skips the weekend and public holidays', () => {
    expect(offlineDeadline('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(offlineDeadline('2026-11-10')).toBe('2026-11-12'); // Independence Day, 11 November
    expect(offlineDeadline('2026-12-23')).toBe('2026-12-28'); // 24–26 December, then Sunday
    expect(offlineDeadline('2026-04-03')).toBe('2026-04-07'); // Good Friday → past Easter Monday
    expect(offlineDeadline('2026-06-03')).toBe('2026-06-05'); // Corpus Christi, 4 June 2026
    expect(offlineDeadline('2026-12-31')).toBe('2027-01-04'); // New Year, then the weekend
  });

  it('knows the movable feasts and Christmas Eve since 2025', () => {
    const y2026 = polishHolidays(2026);
    for (const day of ['2026-04-05', '2026-04-06', '2026-05-24', '2026-06-04', '2026-12-24'])
      expect(y2026.has(day), day).toBe(true);
    expect(polishHolidays(2024).has('2024-12-24')).toBe(false);
    expect(polishHolidays(2025).has('2025-04-21')).toBe(true); // Easter Monday 2025
    expect(isWorkingDay('2026-11-30')).toBe(true);
    expect(isWorkingDay('2026-11-28')).toBe(false);
  });
});
