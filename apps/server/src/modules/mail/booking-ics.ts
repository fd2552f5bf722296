import type { LanguageCode } from '@club/shared';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { MailBookingEvent } from './templates';

/**
 * The booking confirmation's calendar file (RFC 5545): one VEVENT per booked experience date, times
 * in UTC, whole days as DATE values; ical-generator escapes the texts and folds the lines at 75
 * octets. METHOD:PUBLISH: the member adds the dates to a calendar, nobody is invited.
 */
export function bookingCalendar(
  events: MailBookingEvent[],
  lang: LanguageCode,
  seatsText: (count: number) => string,
): string {
  const calendar = ical({
    name: 'Excellence Club',
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'Excellence Club', product: 'Booking confirmation', language: lang.toUpperCase() },
  });
  for (const e of events) {
    calendar.createEvent({
      id: e.uid,
      start: e.start,
      end: e.end,
      allDay: e.allDay,
      summary: e.summary,
      location: e.location,
      description: [seatsText(e.seats), e.url].filter(Boolean).join('\n'),
      url: e.url,
    });
  }
  return calendar.toString();
}
