import type { TemplateDef } from './templates';
import { TICKET_COPY, ticketAttachments, ticketsPdfFile } from './ticket-parts';

/**
 * The event day's mails (issue 29, docs/mail.md): the reminder before an experience, with the
 * booking's tickets, and what a staff member writes to its attendees. Part of TEMPLATES.
 */
export const EVENT_MAIL_TEMPLATES: {
  'booking-reminder': TemplateDef<'booking-reminder'>;
  'attendee-mail': TemplateDef<'attendee-mail'>;
} = {
  'booking-reminder': {
    blocks: [
      { kind: 'text', copy: 'intro' },
      { kind: 'button', copy: 'cta', href: 'url' },
      { kind: 'bookings' },
      { kind: 'note', copy: 'tickets' },
      { kind: 'note', copy: 'cannotCome' },
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: przypomnienie – {{experience}}',
        preheader: 'Do zobaczenia: {{experience}}{{whenPart}}',
        heading: 'Do zobaczenia wkrótce',
        intro:
          'Przypominamy o wydarzeniu „{{experience}}”{{whenPart}}. Poniżej bilety wszystkich uczestników z rezerwacji nr {{id}}.',
        tickets: '{{ticketsNote}}',
        cta: 'Moje bilety',
        cannotCome:
          'Jeśli nie możesz przyjechać, daj nam znać: miejsce może czekać na kogoś z listy oczekujących.',
      },
      en: {
        subject: 'Excellence Club: a reminder – {{experience}}',
        preheader: 'See you soon: {{experience}}{{whenPart}}',
        heading: 'See you soon',
        intro:
          'A reminder of "{{experience}}"{{whenPart}}. Below are the tickets of everyone in booking no. {{id}}.',
        tickets: '{{ticketsNote}}',
        cta: 'My tickets',
        cannotCome: 'If you cannot come, please let us know: someone on the waiting list may take the seat.',
      },
    },
    slots: (d, lang) => ({
      id: String(d.orderId),
      experience: d.experience,
      whenPart: d.when ? `, ${d.when}` : '',
      url: d.url,
      ticketsNote: d.bookings.length > 0 ? TICKET_COPY[lang].show! : '',
    }),
    bookings: (d) => d.bookings,
    attachments: (d, lang) => ticketAttachments(d.bookings, ticketsPdfFile(d.orderId, d.ticketsPdf, lang)),
  },
  'attendee-mail': {
    blocks: [
      { kind: 'body' },
      {
        kind: 'details',
        rows: [
          { label: 'experienceLabel', value: '{{experience}}' },
          { label: 'whenLabel', value: '{{when}}' },
          { label: 'placeLabel', value: '{{place}}' },
        ],
      },
      { kind: 'button', copy: 'cta', href: 'url' },
      { kind: 'note', copy: 'why' },
    ],
    copy: {
      pl: {
        subject: '{{subject}}',
        preheader: '{{experience}}',
        heading: '{{subject}}',
        experienceLabel: 'Wydarzenie',
        whenLabel: 'Termin',
        placeLabel: 'Miejsce',
        cta: '{{ctaText}}',
        why: '{{whyText}}',
        ctaTickets: 'Moje bilety',
        ctaExperience: 'Zobacz wydarzenie',
        whyComing: 'Piszemy do uczestników wydarzenia „{{experience}}”.',
        whyWaiting: 'Piszemy do osób z listy oczekujących na wydarzenie „{{experience}}”.',
      },
      en: {
        subject: '{{subject}}',
        preheader: '{{experience}}',
        heading: '{{subject}}',
        experienceLabel: 'Experience',
        whenLabel: 'When',
        placeLabel: 'Place',
        cta: '{{ctaText}}',
        why: '{{whyText}}',
        ctaTickets: 'My tickets',
        ctaExperience: 'See the experience',
        whyComing: 'We are writing to the people coming to "{{experience}}".',
        whyWaiting: 'We are writing to the waiting list of "{{experience}}".',
      },
    },
    slots: (d, lang) => {
      const copy = EVENT_MAIL_TEMPLATES['attendee-mail'].copy[lang];
      return {
        subject: d.subject,
        ctaText: d.waiting ? copy.ctaExperience! : copy.ctaTickets!,
        whyText: (d.waiting ? copy.whyWaiting! : copy.whyComing!).replace('{{experience}}', d.experience),
        experience: d.experience,
        when: d.when ?? '—',
        place: d.place ?? '—',
        url: d.url,
      };
    },
    body: (d) => d.body,
  },
};
