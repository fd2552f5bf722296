import { USER_TYPES } from '@club/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
});

/** Every person who can sign in: club members (CUSTOMER) and dealers (DEALER). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Null until a dealer-registered customer activates the account. */
    passwordHash: text('password_hash'),
    type: text('type', { enum: USER_TYPES }).notNull(),
    languageCode: text('language_code').notNull().default('pl'),
    honorific: text('honorific', { enum: ['MRS', 'MR'] }),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    phone: text('phone'),
    phonePrefix: text('phone_prefix'),
    street: text('street'),
    buildingNumber: text('building_number'),
    flatNumber: text('flat_number'),
    postCode: text('post_code'),
    city: text('city'),
    hasBonus: boolean('has_bonus').notNull().default(false),
    /** Club card: issued when the member joins (REGISTERED); valid two years (SPEC.md §9). */
    cardNumber: text('card_number').unique(),
    cardValidTo: date('card_valid_to'),
    /** Secret of the member's private iCalendar feed. */
    calendarToken: text('calendar_token').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque cookie value; the cookie itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last successful auth/check-password: the dealer's re-entry window. */
    passwordVerifiedAt: timestamp('password_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use links: password reset, dealer's agreements link, account activation. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['RESET_PASSWORD', 'AGREEMENTS', 'ACTIVATE'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The raw token, kept only for links a dealer must be able to copy again (terms_url, register_url). */
    shareable: text('shareable'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits when no REDIS_URL is set. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Every mail the panel sends; with no SMTP_URL this table is the mailbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);
