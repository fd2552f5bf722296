import { z } from 'zod';

/**
 * Mail to the people who come (issue 29, docs/event-day.md): who a staff member's mail reaches and
 * the reminder's kinds, and the staff's mail form (messages are keys of the validation catalogue).
 */

/** Every attendee (members with a valid ticket), only those not yet let in, or the waiting list. */
export const ATTENDEE_MAIL_AUDIENCES = ['ALL', 'NOT_CHECKED_IN', 'WAITING_LIST'] as const;
export type AttendeeMailAudience = (typeof ATTENDEE_MAIL_AUDIENCES)[number];

/** The reminders a booking gets (one row each per booking and experience): only "before the start" today. */
export const REMINDER_KINDS = ['BEFORE_START'] as const;

/** The reminder's default and its bounds (days before the start; 0: no reminder). */
export const REMINDER_DAYS_DEFAULT = 2;
export const REMINDER_DAYS_MAX = 30;

const MAX_ID = 2_147_483_647;
const line = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' })
    .refine((v) => !/[\r\n]/.test(v), { error: 'validation.wrongValue' });
const paragraphs = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/** A staff member's mail to the people who come: one experience, one group, both languages. */
export const ZAttendeeMailInput = z.object({
  product_id: z.number({ error: 'validation.wrongValue' }).int().positive().max(MAX_ID),
  audience: z.enum(ATTENDEE_MAIL_AUDIENCES, { error: 'validation.invalidChoice' }),
  subject_pl: line(150),
  subject_en: line(150),
  body_pl: paragraphs(5000),
  body_en: paragraphs(5000),
});
export type TAttendeeMailInput = z.input<typeof ZAttendeeMailInput>;

/** The send: the same mail plus the composer's key (a retry with the same key mails nobody twice). */
export const ZAttendeeMailSend = ZAttendeeMailInput.extend({
  key: z.uuid({ error: 'validation.wrongValue' }),
});
export type TAttendeeMailSend = z.input<typeof ZAttendeeMailSend>;
