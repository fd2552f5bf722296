import type { LanguageCode } from '@club/shared';
import type { Tx } from '../../db/client';
import type { MailTicketBooking } from '../mail/ticket-parts';
import { type BookedTicketsFilter, bookedTickets, codeInGroups, mapUrlOf, whenOf } from './booked-tickets';
import { renderTicketsPdf } from './ticket-pdf';
import { qrPng } from './ticket-qr';

/**
 * The tickets a mail carries (the booking confirmation, the reminder): each booking's facts in the
 * member's language, each attendee's QR code as a PNG, and the same tickets as a PDF to print.
 */
export async function ticketMailParts(
  tx: Tx,
  filter: BookedTicketsFilter,
  lang: LanguageCode,
): Promise<{ bookings: MailTicketBooking[]; ticketsPdf: string | null }> {
  const booked = await bookedTickets(tx, filter, lang);
  if (booked.length === 0) return { bookings: [], ticketsPdf: null };
  const guest = lang === 'en' ? 'Accompanying person' : 'Osoba towarzysząca';
  const bookings = await Promise.all(
    booked.map(async (b) => ({
      experience: b.experience,
      when: whenOf(b, lang),
      place: b.place,
      mapUrl: mapUrlOf(b.place),
      bring: b.bring,
      contact: [b.email, b.phone].filter(Boolean).join(' · ') || null,
      tickets: await Promise.all(
        b.tickets.map(async (t) => ({
          name: `${t.name} ${t.surname}`.trim() || guest,
          member: t.member,
          code: codeInGroups(t.code),
          qr: (await qrPng(t.code)).toString('base64'),
        })),
      ),
    })),
  );
  const pdf = await renderTicketsPdf(booked, lang);
  return { bookings, ticketsPdf: pdf.toString('base64') };
}
