/** The outbox in the console (docs/mail.md): the list's query and the mails as staff see them. */
import { z } from 'zod';
import { blankOr, pageNumber, pageSizeOf } from './list-query';
import { LANGUAGES } from '../constants';

/** Every mail the server sends, by template name (apps/server/src/modules/mail/templates.ts). */
export const MAIL_TEMPLATES = [
  'reset-password',
  'dealer-invitation',
  'agreements-accepted',
  'activation-link',
  'welcome',
  'bonus-joined',
  'waiting-list',
  'seat-offer',
  'order-paid',
  'order-cancelled',
  'order-cancelled-by-club',
  'staff-invitation',
  'order-refunded',
  'order-invoice',
  'booking-reminder',
  'attendee-mail',
  'privacy-export-ready',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

/** queued: waiting for (another) attempt; sent: accepted by the SMTP server; failed: given up, may be resent. */
export const MAIL_STATES = ['queued', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_SORTS = ['created_at', 'to', 'template', 'status', 'attempts'] as const;
export const MAIL_PAGE_SIZES = [25, 50, 100] as const;
export const MAIL_SEARCH_MAX = 254;

const queryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    { error: 'validation.date' },
  );

export const ZMailListQuery = z
  .object({
    page: pageNumber,
    per_page: pageSizeOf(MAIL_PAGE_SIZES, 25),
    sort: blankOr(z.enum(MAIL_SORTS, { error: 'validation.wrongValue' }).default('created_at')),
    dir: blankOr(z.enum(['asc', 'desc'], { error: 'validation.wrongValue' }).default('desc')),
    /** The recipient's address or a part of it. */
    q: blankOr(z.string().trim().max(MAIL_SEARCH_MAX, { error: 'validation.tooLong' }).optional()),
    state: blankOr(z.enum(MAIL_STATES, { error: 'validation.wrongValue' }).optional()),
    template: blankOr(z.enum(MAIL_TEMPLATES, { error: 'validation.wrongValue' }).optional()),
    /** Days of the club's calendar (Europe/Warsaw) the mail was queued on, both included. */
    from: blankOr(queryDate.optional()),
    to: blankOr(queryDate.optional()),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], error: 'validation.endBeforeStart' });
export type TMailListQuery = z.input<typeof ZMailListQuery>;
export type TMailListQueryParsed = z.output<typeof ZMailListQuery>;

export const ZMailRow = z.strictObject({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  language: z.enum(LANGUAGES),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  /** The last delivery error (a failed mail's reason; a queued one's last try). */
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  attachments: z.number().int(),
});
export type TMailRow = z.infer<typeof ZMailRow>;

export const ZMailAttachment = z.strictObject({
  filename: z.string(),
  content_type: z.string(),
  /** Bytes. */
  size: z.number().int(),
});

export const ZMailDetail = z.strictObject({
  ...ZMailRow.shape,
  text: z.string(),
  /** The HTML part exactly as sent; show it only in a sandboxed frame (docs/mail.md). */
  html: z.string().nullable(),
  attachment_files: z.array(ZMailAttachment),
});
export type TMailDetail = z.infer<typeof ZMailDetail>;
