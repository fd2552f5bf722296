import { ATTENDEE_MAIL_AUDIENCES, REMINDER_KINDS } from '@club/shared/schemas/event-mail';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalog';
import { createdAt, ownedBy, serialId } from './columns';
import { orders } from './sales';

/**
 * Mail to the people who come (issue 29, docs/event-day.md): what staff wrote to the attendees of an
 * experience, who received it, and the reminders sent before the start.
 */

/**
 * One mail a staff member wrote to the attendees of one experience. `key` is the composer's
 * idempotency key: a retried send finds the same row and mails only whom it has not mailed yet.
 */
export const attendeeMails = pgTable(
  'attendee_mails',
  {
    id: serialId(),
    key: text('key').notNull().unique(),
    productId: ownedBy('product_id', () => products.id),
    audience: text('audience', { enum: ATTENDEE_MAIL_AUDIENCES }).notNull(),
    subjectPl: text('subject_pl').notNull(),
    subjectEn: text('subject_en').notNull(),
    bodyPl: text('body_pl').notNull(),
    bodyEn: text('body_en').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('attendee_mails_product_idx').on(t.productId, t.id)],
);

/** Who received a staff member's mail: one row per mail and address (never two mails to one person). */
export const attendeeMailRecipients = pgTable(
  'attendee_mail_recipients',
  {
    id: serialId(),
    mailId: ownedBy('mail_id', () => attendeeMails.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    language: text('language').notNull(),
    /** The outbox row that carries it (its delivery state is the outbox's). */
    outboxId: integer('outbox_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attendee_mail_recipients_idx').on(t.mailId, t.email)],
);

/** A reminder sent for a booking: one row per order, experience and kind, so it goes once. */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    id: serialId(),
    orderId: ownedBy('order_id', () => orders.id),
    productId: ownedBy('product_id', () => products.id),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    outboxId: integer('outbox_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('booking_reminders_once_idx').on(t.orderId, t.productId, t.kind)],
);
