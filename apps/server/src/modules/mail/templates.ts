import type { LanguageCode } from '@club/shared';
import type { MailTemplateName } from '@club/shared/schemas/admin-mail';
import type { OutboxAttachment } from '../../db/schema';
import { bookingCalendar } from './booking-ics';
import { EVENT_MAIL_TEMPLATES } from './event-templates';
import { type MailTicketBooking, TICKET_COPY, ticketAttachments, ticketsPdfFile } from './ticket-parts';
import { INVOICE_TEMPLATES, type InvoiceMailData } from './templates-invoices';

/**
 * Every mail the club sends (docs/mail.md): its typed data and its copy in Polish and English.
 * A template is a list of blocks; each block's text is copy with `{{name}}` slots, filled with the
 * data's values when a mail is queued (escaped for the HTML part, as is for the text part). The
 * copy is compiled with MJML once per process and language (layout.ts), never per mail.
 */

/** One line of an order as the booking confirmation lists it. */
export type MailOrderLine = { name: string; date: string | null; quantity: number };

/** One booked experience date, as the booking confirmation's .ics carries it (UTC instants). */
export type MailBookingEvent = {
  /** Stable across resends and re-issues: `order-12-product-7-2026-05-01@club.example`. */
  uid: string;
  summary: string;
  location: string | null;
  /** Seats booked (the event's description says how many, in the member's language). */
  seats: number;
  url: string | null;
  start: Date;
  end: Date;
  /** No time of day: a whole-day event (DATE values), `end` the day after the last. */
  allDay: boolean;
};

export type MailData = InvoiceMailData & {
  'reset-password': { link: string; minutes: number };
  'dealer-invitation': { dealer: string; link: string; days: number };
  'agreements-accepted': Record<string, never>;
  'activation-link': { link: string; days: number };
  welcome: { card: string; validTo: string; link: string };
  'bonus-joined': { form: string; office: string | null };
  'waiting-list': { name: string; url: string };
  /** A seat held for the member first in the waiting list, until `until` (an ISO instant). */
  'seat-offer': { name: string; url: string; until: string };
  'order-paid': {
    orderId: number;
    /** Formatted in the member's language (formatMoney). */
    total: string;
    lines: MailOrderLine[];
    url: string;
    events: MailBookingEvent[];
    /** Each booking's tickets (issue 29): shown with their QR codes, and attached as a PDF. */
    bookings: MailTicketBooking[];
    /** The tickets' PDF (base64), or null without a valid ticket. */
    ticketsPdf: string | null;
  };
  'order-cancelled': { orderId: number; url: string };
  'order-cancelled-by-club': { orderId: number; url: string };
  'staff-invitation': { name: string; role: 'OPERATOR' | 'ADMIN'; link: string; days: number };
  /** Days before an experience (issue 29): the booking's tickets once more (event-templates.ts). */
  'booking-reminder': {
    orderId: number;
    experience: string;
    when: string | null;
    url: string;
    bookings: MailTicketBooking[];
    ticketsPdf: string | null;
  };
  /** What a staff member wrote to the attendees of an experience (issue 29), in the recipient's language. */
  'attendee-mail': {
    subject: string;
    body: string;
    experience: string;
    when: string | null;
    place: string | null;
    /** To the waiting list: the button opens the experience instead of the member's tickets. */
    waiting: boolean;
    url: string;
  };
  /** The member's copy of their data is ready (docs/privacy.md): the page's address, never a link that signs in. */
  'privacy-export-ready': { url: string; until: string };
};

/** The blocks a mail is made of, top to bottom (heading and preheader are always there). */
export type Block =
  | { kind: 'text'; copy: string }
  | { kind: 'button'; copy: string; href: string }
  | { kind: 'details'; rows: { label: string; value: string }[] }
  | { kind: 'lines' }
  /** The bookings' tickets with their QR codes (ticket-parts.ts). */
  | { kind: 'bookings' }
  /** Paragraphs a staff member wrote (blank lines between them). */
  | { kind: 'body' }
  | { kind: 'note'; copy: string };

type Copy = Record<string, string> & { subject: string; preheader: string; heading: string };

export type TemplateDef<T extends MailTemplateName> = {
  blocks: Block[];
  copy: Record<LanguageCode, Copy>;
  /** The values of the `{{slots}}` (strings, escaped by the renderer). */
  slots: (data: MailData[T], lang: LanguageCode) => Record<string, string>;
  /** The rows of a `lines` block. */
  lines?: (data: MailData[T], lang: LanguageCode) => { name: string; meta: string }[];
  /**
   * Slots that carry a single-use secret (a link that opens an account): the stored mail holds a
   * placeholder, the value is kept sealed and put in only when the mail is handed to SMTP
   * (docs/decisions/mail-secrets.md). Every slot with a token in it must be listed here.
   */
  secrets?: readonly string[];
  /** The bookings of a `bookings` block. */
  bookings?: (data: MailData[T]) => MailTicketBooking[];
  /** The text of a `body` block. */
  body?: (data: MailData[T]) => string;
  /** Files sent with the mail (stored with it, so a resend sends the same files). */
  attachments?: (data: MailData[T], lang: LanguageCode) => OutboxAttachment[];
};

/** 2026-05-01 → "1 maja 2026" / "1 May 2026" (a calendar day, no time zone shift). */
const longDate = (iso: string, lang: LanguageCode) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** An instant as the club's clock shows it (Europe/Warsaw): "26 listopada 2026 16:05" / "26 November 2026, 16:05". */
const clubDateTime = (iso: string, lang: LanguageCode) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  }).format(new Date(iso));

const SIGN_PL = 'Zespół Excellence Club';
const SIGN_EN = 'The Excellence Club team';

const link = (copy: string): Block => ({ kind: 'button', copy, href: 'link' });
const text = (copy: string): Block => ({ kind: 'text', copy });

export const TEMPLATES: { [T in MailTemplateName]: TemplateDef<T> } = {
  ...INVOICE_TEMPLATES,
  'reset-password': {
    secrets: ['link'],
    blocks: [text('intro'), link('cta'), text('validity'), { kind: 'note', copy: 'ignore' }],
    copy: {
      pl: {
        subject: 'Excellence Club: zmiana hasła',
        preheader: 'Link do ustawienia nowego hasła',
        heading: 'Zmiana hasła',
        intro:
          'Otrzymaliśmy prośbę o zmianę hasła do panelu Excellence Club. Aby ustawić nowe hasło, otwórz link.',
        cta: 'Ustaw nowe hasło',
        validity: 'Link jest ważny {{minutes}} minut i działa jeden raz.',
        ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: hasło się nie zmieni.',
      },
      en: {
        subject: 'Excellence Club: reset your password',
        preheader: 'A link to set a new password',
        heading: 'Reset your password',
        intro:
          'We received a request to reset your Excellence Club panel password. Open this link to set a new one.',
        cta: 'Set a new password',
        validity: 'The link is valid for {{minutes}} minutes and works once.',
        ignore: 'If it was not you, ignore this message: your password stays as it is.',
      },
    },
    slots: (d) => ({ link: d.link, minutes: String(d.minutes) }),
  },
  'dealer-invitation': {
    secrets: ['link'],
    blocks: [text('intro'), link('cta'), text('validity')],
    copy: {
      pl: {
        subject: 'Excellence Club: zaproszenie do klubu',
        preheader: '{{dealer}} zaprasza do Excellence Club',
        heading: 'Zaproszenie do klubu',
        intro:
          '{{dealer}} zaprasza Pana/Panią do Excellence Club. Aby dołączyć, zapoznaj się z regulaminem i zaznacz zgody.',
        cta: 'Przejdź do zgód',
        validity: 'Link jest ważny {{days}} dni.',
      },
      en: {
        subject: 'Excellence Club: your invitation',
        preheader: '{{dealer}} invites you to the Excellence Club',
        heading: 'Your invitation',
        intro:
          '{{dealer}} invites you to the Excellence Club. To join, read the rules and tick the consents.',
        cta: 'Read and accept',
        validity: 'The link is valid for {{days}} days.',
      },
    },
    slots: (d) => ({ dealer: d.dealer, link: d.link, days: String(d.days) }),
  },
  'agreements-accepted': {
    blocks: [text('intro'), text('next')],
    copy: {
      pl: {
        subject: 'Excellence Club: dziękujemy za akceptację zgód',
        preheader: 'Kolejny krok: aktywacja konta',
        heading: 'Dziękujemy',
        intro: 'Dziękujemy za zapoznanie się z regulaminem i zaznaczenie zgód.',
        next: 'Gdy Twój dealer uzupełni numer zamówienia samochodu, otrzymasz wiadomość z linkiem do ustawienia hasła i aktywacji konta.',
      },
      en: {
        subject: 'Excellence Club: thank you for your consents',
        preheader: 'Next: activating your account',
        heading: 'Thank you',
        intro: 'Thank you for reading the rules and ticking the consents.',
        next: 'Once your dealer enters the order number of your car, you will receive a link to set your password and activate the account.',
      },
    },
    slots: () => ({}),
  },
  'activation-link': {
    secrets: ['link'],
    blocks: [text('intro'), link('cta'), text('validity')],
    copy: {
      pl: {
        subject: 'Excellence Club: aktywuj konto',
        preheader: 'Ustaw hasło i aktywuj konto',
        heading: 'Aktywuj konto',
        intro: 'Twoje konto w Excellence Club jest gotowe do aktywacji. Ustaw hasło, aby się zalogować.',
        cta: 'Ustaw hasło',
        validity: 'Link jest ważny {{days}} dni.',
      },
      en: {
        subject: 'Excellence Club: activate your account',
        preheader: 'Set your password and activate your account',
        heading: 'Activate your account',
        intro: 'Your Excellence Club account is ready. Set your password to sign in.',
        cta: 'Set your password',
        validity: 'The link is valid for {{days}} days.',
      },
    },
    slots: (d) => ({ link: d.link, days: String(d.days) }),
  },
  welcome: {
    blocks: [
      text('intro'),
      {
        kind: 'details',
        rows: [
          { label: 'cardLabel', value: '{{card}}' },
          { label: 'validLabel', value: '{{validTo}}' },
        ],
      },
      link('cta'),
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: witamy w klubie',
        preheader: 'Twoja karta klubowa {{card}}',
        heading: 'Witamy w klubie',
        intro: 'Twoje konto jest aktywne.',
        cardLabel: 'Numer karty klubowej',
        validLabel: 'Karta ważna do',
        cta: 'Zaloguj się',
      },
      en: {
        subject: 'Excellence Club: welcome to the club',
        preheader: 'Your club card {{card}}',
        heading: 'Welcome to the club',
        intro: 'Your account is active.',
        cardLabel: 'Club card number',
        validLabel: 'Valid until',
        cta: 'Sign in',
      },
    },
    slots: (d) => ({ card: d.card, validTo: d.validTo, link: d.link }),
  },
  'bonus-joined': {
    blocks: [
      text('intro'),
      {
        kind: 'details',
        rows: [
          { label: 'formLabel', value: '{{form}}' },
          { label: 'officeLabel', value: '{{office}}' },
        ],
      },
      { kind: 'note', copy: 'questions' },
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: zgłoszenie do programu bonusowego',
        preheader: 'Dziękujemy za zgłoszenie',
        heading: 'Program bonusowy',
        intro: 'Dziękujemy za zgłoszenie do programu bonusowego Excellence Club.',
        formLabel: 'Forma opodatkowania',
        officeLabel: 'Urząd skarbowy',
        questions: 'W razie pytań skontaktuj się z opiekunem klubu.',
      },
      en: {
        subject: 'Excellence Club: bonus programme sign-up',
        preheader: 'Thank you for joining',
        heading: 'Bonus programme',
        intro: 'Thank you for joining the Excellence Club bonus programme.',
        formLabel: 'Taxation form',
        officeLabel: 'Tax office',
        questions: 'If you have any questions, contact the club.',
      },
    },
    slots: (d) => ({ form: d.form, office: d.office ?? '—' }),
  },
  'waiting-list': {
    blocks: [text('intro'), { kind: 'button', copy: 'cta', href: 'url' }, { kind: 'note', copy: 'hurry' }],
    copy: {
      pl: {
        subject: 'Excellence Club: {{name}} – są wolne miejsca',
        preheader: 'Wydarzenie, o które pytano, jest dostępne',
        heading: 'Są wolne miejsca',
        intro:
          'Prosili Państwo o powiadomienie: wydarzenie „{{name}}” jest dostępne w panelu Excellence Club.',
        cta: 'Zobacz wydarzenie',
        hurry: 'Liczba miejsc jest ograniczona.',
      },
      en: {
        subject: 'Excellence Club: {{name}} is available',
        preheader: 'The experience you asked about is available',
        heading: 'Seats are available',
        intro: 'You asked to be told: "{{name}}" is now available in the Excellence Club panel.',
        cta: 'See the experience',
        hurry: 'Seats are limited.',
      },
    },
    slots: (d) => ({ name: d.name, url: d.url }),
  },
  'seat-offer': {
    blocks: [
      text('intro'),
      { kind: 'details', rows: [{ label: 'untilLabel', value: '{{until}}' }] },
      { kind: 'button', copy: 'cta', href: 'url' },
      { kind: 'note', copy: 'after' },
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: {{name}} – miejsce czeka na Ciebie',
        preheader: 'Zwolniło się miejsce i trzymamy je dla Ciebie do {{until}}',
        heading: 'Miejsce czeka na Ciebie',
        intro:
          'Zwolniło się miejsce na wydarzenie „{{name}}”. Jesteś pierwszy na liście oczekujących, więc trzymamy je dla Ciebie: zarezerwuj je w panelu Excellence Club, zanim minie termin.',
        untilLabel: 'Miejsce czeka do',
        cta: 'Zarezerwuj miejsce',
        after: 'Po tym terminie miejsce otrzyma kolejna osoba z listy oczekujących.',
      },
      en: {
        subject: 'Excellence Club: {{name}} – a seat is held for you',
        preheader: 'A seat came free and is held for you until {{until}}',
        heading: 'A seat is held for you',
        intro:
          'A seat came free for "{{name}}". You are first on the waiting list, so we are holding it for you: book it in the Excellence Club panel before the time runs out.',
        untilLabel: 'Held until',
        cta: 'Book the seat',
        after: 'After that the seat goes to the next person on the waiting list.',
      },
    },
    slots: (d, lang) => ({ name: d.name, url: d.url, until: clubDateTime(d.until, lang) }),
  },
  'order-paid': {
    blocks: [
      text('intro'),
      { kind: 'lines' },
      { kind: 'details', rows: [{ label: 'totalLabel', value: '{{total}}' }] },
      { kind: 'button', copy: 'cta', href: 'url' },
      { kind: 'bookings' },
      { kind: 'note', copy: 'tickets' },
      { kind: 'note', copy: 'calendar' },
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: zamówienie nr {{id}} opłacone',
        preheader: 'Dziękujemy: zamówienie nr {{id}} jest opłacone',
        heading: 'Potwierdzenie rezerwacji',
        intro: 'Dziękujemy: zamówienie nr {{id}} na kwotę {{total}} zostało opłacone.',
        totalLabel: 'Razem',
        cta: 'Historia zamówień',
        tickets: '{{ticketsNote}}',
        calendar: '{{calendarNote}}',
        calendarNote: 'W załączniku znajdziesz terminy do dodania do kalendarza (plik .ics).',
        seats: 'Miejsca: {{count}}',
      },
      en: {
        subject: 'Excellence Club: order no. {{id}} paid',
        preheader: 'Thank you: order no. {{id}} is paid',
        heading: 'Booking confirmation',
        intro: 'Thank you: order no. {{id}} of {{total}} has been paid.',
        totalLabel: 'Total',
        cta: 'Shopping history',
        tickets: '{{ticketsNote}}',
        calendar: '{{calendarNote}}',
        calendarNote: 'The dates are attached for your calendar (an .ics file).',
        seats: 'Seats: {{count}}',
      },
    },
    slots: (d, lang) => ({
      id: String(d.orderId),
      total: d.total,
      url: d.url,
      // The calendar file's note only when there is a file.
      calendarNote: d.events.length > 0 ? TEMPLATES['order-paid'].copy[lang].calendarNote! : '',
      ticketsNote: d.bookings.length > 0 ? TICKET_COPY[lang].show! : '',
    }),
    bookings: (d) => d.bookings,
    lines: (d, lang) =>
      d.lines.map((line) => ({
        name: line.name,
        meta: [
          line.date ? longDate(line.date, lang) : null,
          TEMPLATES['order-paid'].copy[lang].seats!.replace('{{count}}', String(line.quantity)),
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    attachments: (d, lang) => [
      ...(d.events.length === 0
        ? []
        : [
            {
              filename: `booking-${d.orderId}.ics`,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: bookingCalendar(d.events, lang, (count) =>
                TEMPLATES['order-paid'].copy[lang].seats!.replace('{{count}}', String(count)),
              ),
            },
          ]),
      ...ticketAttachments(d.bookings, ticketsPdfFile(d.orderId, d.ticketsPdf, lang)),
    ],
  },
  'order-cancelled': {
    blocks: [text('intro'), { kind: 'button', copy: 'cta', href: 'url' }],
    copy: {
      pl: {
        subject: 'Excellence Club: zamówienie nr {{id}} anulowane',
        preheader: 'Zamówienie nr {{id}} zostało anulowane',
        heading: 'Zamówienie anulowane',
        intro:
          'Zamówienie nr {{id}} nie zostało opłacone i zostało anulowane, a zarezerwowane miejsca zwolnione.',
        cta: 'Historia zamówień',
      },
      en: {
        subject: 'Excellence Club: order no. {{id}} cancelled',
        preheader: 'Order no. {{id}} has been cancelled',
        heading: 'Order cancelled',
        intro: 'Order no. {{id}} was not paid and has been cancelled; the seats it held are released.',
        cta: 'Shopping history',
      },
    },
    slots: (d) => ({ id: String(d.orderId), url: d.url }),
  },
  'order-cancelled-by-club': {
    blocks: [text('intro'), text('refund'), { kind: 'button', copy: 'cta', href: 'url' }],
    copy: {
      pl: {
        subject: 'Excellence Club: zamówienie nr {{id}} anulowane',
        preheader: 'Zamówienie nr {{id}} zostało anulowane przez Excellence Club',
        heading: 'Zamówienie anulowane',
        intro:
          'Zamówienie nr {{id}} zostało anulowane przez Excellence Club, a zarezerwowane miejsca zwolnione.',
        refund:
          'Jeśli zamówienie było opłacone, zwrot pieniędzy otrzymają Państwo osobno. W razie pytań prosimy o kontakt.',
        cta: 'Historia zamówień',
      },
      en: {
        subject: 'Excellence Club: order no. {{id}} cancelled',
        preheader: 'Order no. {{id}} has been cancelled by the Excellence Club',
        heading: 'Order cancelled',
        intro:
          'Order no. {{id}} has been cancelled by the Excellence Club and the seats it held are released.',
        refund: 'If it was paid, the refund reaches you separately. Please contact us with any questions.',
        cta: 'Shopping history',
      },
    },
    slots: (d) => ({ id: String(d.orderId), url: d.url }),
  },
  'staff-invitation': {
    secrets: ['link'],
    blocks: [text('intro'), link('cta'), text('validity'), { kind: 'note', copy: 'factor' }],
    copy: {
      pl: {
        subject: 'Excellence Club: zaproszenie do konsoli zespołu',
        preheader: 'Zaproszenie do konsoli zespołu (rola: {{role}})',
        heading: 'Dzień dobry {{name}}',
        intro:
          'Zapraszamy do konsoli zespołu Excellence Club (rola: {{role}}). Aby ustawić hasło, otwórz link.',
        cta: 'Ustaw hasło',
        validity: 'Link jest ważny {{days}} dni.',
        factor:
          'Po ustawieniu hasła połączysz konto z aplikacją uwierzytelniającą (np. Google Authenticator).',
        roleOPERATOR: 'operator',
        roleADMIN: 'administrator',
      },
      en: {
        subject: "Excellence Club: your invitation to the staff's console",
        preheader: "Your invitation to the staff's console (role: {{role}})",
        heading: 'Hello {{name}}',
        intro:
          "You are invited to the Excellence Club staff's console (role: {{role}}). Open this link to set your password.",
        cta: 'Set your password',
        validity: 'The link is valid for {{days}} days.',
        factor:
          'After the password you will link your account to an authenticator app (e.g. Google Authenticator).',
        roleOPERATOR: 'operator',
        roleADMIN: 'administrator',
      },
    },
    slots: (d, lang) => ({
      name: d.name,
      role: TEMPLATES['staff-invitation'].copy[lang][`role${d.role}`]!,
      link: d.link,
      days: String(d.days),
    }),
  },
  'privacy-export-ready': {
    blocks: [
      text('intro'),
      text('validity'),
      { kind: 'button', copy: 'cta', href: 'url' },
      { kind: 'note', copy: 'notYou' },
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: kopia Twoich danych jest gotowa',
        preheader: 'Pobierzesz ją w panelu, w zakładce Moje dane',
        heading: 'Kopia Twoich danych jest gotowa',
        intro:
          'Przygotowaliśmy kopię danych, o którą prosiłeś(-aś). Zaloguj się do panelu i otwórz Konto → Moje dane, aby ją pobrać.',
        validity: 'Każdy plik można pobrać jeden raz, do {{until}}.',
        cta: 'Przejdź do panelu',
        notYou: 'Jeśli to nie Ty prosiłeś(-aś) o kopię, zmień hasło i skontaktuj się z klubem.',
      },
      en: {
        subject: 'Excellence Club: your copy of your data is ready',
        preheader: 'Download it in the panel, under My data',
        heading: 'Your copy of your data is ready',
        intro:
          'The copy of your data you asked for is ready. Sign in to the panel and open Account → My data to download it.',
        validity: 'Each file can be downloaded once, until {{until}}.',
        cta: 'Go to the panel',
        notYou: 'If you did not ask for it, change your password and contact the club.',
      },
    },
    slots: (d, lang) => ({ url: d.url, until: clubDateTime(d.until, lang) }),
  },
  ...EVENT_MAIL_TEMPLATES,
};

export const SIGNATURE: Record<LanguageCode, string> = { pl: SIGN_PL, en: SIGN_EN };
