/**
 * Mail to the people who come (issue 29, docs/event-day.md): staff write to the attendees of one
 * experience (all, those not yet in, or its waiting list), preview the mail in both languages, send
 * it through the outbox (each member in their language, nobody twice) and see who received it.
 * Kept apart from the members' contracts so their screens never carry these shapes.
 */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import { ATTENDEE_MAIL_AUDIENCES, ZAttendeeMailInput, ZAttendeeMailSend } from '../schemas/event-mail';
import { MAIL_STATES } from '../schemas/admin-mail';
import { defineEndpoint, object, ok } from './define';

const ZRendered = object({ subject: z.string(), html: z.string(), text: z.string() });

export const ZAttendeeMailPreview = object({
  /** Who would receive it now, and in which language. */
  recipients: object({ total: z.number().int(), pl: z.number().int(), en: z.number().int() }),
  pl: ZRendered,
  en: ZRendered,
});
export type TAttendeeMailPreview = z.output<typeof ZAttendeeMailPreview>;

const counts = {
  recipients: z.number().int(),
  sent: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
};

export const ZAttendeeMailRow = object({
  id: z.number().int(),
  audience: z.enum(ATTENDEE_MAIL_AUDIENCES),
  subject_pl: z.string(),
  subject_en: z.string(),
  created_at: z.string(),
  /** The staff member who sent it (null when their account is gone). */
  by: z.string().nullable(),
  ...counts,
});
export type TAttendeeMailRow = z.output<typeof ZAttendeeMailRow>;

export const ZAttendeeMailDetail = object({
  ...ZAttendeeMailRow.shape,
  product_id: z.number().int(),
  body_pl: z.string(),
  body_en: z.string(),
  people: z.array(
    object({
      name: z.string(),
      email: z.string(),
      language: z.enum(['pl', 'en']),
      state: z.enum(MAIL_STATES),
    }),
  ),
});
export type TAttendeeMailDetail = z.output<typeof ZAttendeeMailDetail>;

export const eventMailContract = {
  preview: defineEndpoint({
    method: 'POST',
    path: '/admin/event-mail/preview',
    summary:
      'A mail to the attendees of one experience as each language will read it, and how many people it would reach now (sends nothing)',
    access: 'staff',
    body: ZAttendeeMailInput,
    responses: { 200: ok(ZAttendeeMailPreview) },
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/admin/event-mail/send',
    summary:
      'Sends a mail to the attendees of one experience through the outbox, each in their language (audited); a retry with the same key mails only whom it has not mailed yet',
    access: 'staff',
    body: ZAttendeeMailSend,
    responses: { 200: ok(ZAttendeeMailDetail) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/event-mail/experiences/:id/mails',
    summary:
      'The mails staff sent to the attendees of an experience, newest first, with their delivery counts',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(z.array(ZAttendeeMailRow)) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/admin/event-mail/mails/:id',
    summary: 'One mail staff sent to attendees: its texts and who received it (the state of each delivery)',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZAttendeeMailDetail) },
  }),
  /** Tests only (TEST_SUPPORT=1): the reminder job's run, as its timer would run it. */
  runReminders: defineEndpoint({
    method: 'POST',
    path: '/test/reminders/run',
    summary:
      "Tests only: runs the reminder job now, as on the club's day `today` when given; answers how many reminders it queued",
    access: 'public',
    body: z.object({
      today: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
        .optional(),
    }),
    responses: { 200: ok(object({ queued: z.number().int() })) },
  }),
};
