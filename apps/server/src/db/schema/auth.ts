import { USER_TYPES } from '@club/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, offByDefault, ownedBy, serialId } from './columns';

export const languages = pgTable('languages', {
  id: serialId(),
  code: text('code').notNull().unique(),
});

/**
 * What the desk's member search matches a word against: name, surname and e-mail in lower case, the
 * same expression as the trigram index on users, so the planner can use it.
 */
export const memberSearchText = (u: { name: AnyPgColumn; surname: AnyPgColumn; email: AnyPgColumn }) =>
  sql`lower(${u.name} || ' ' || ${u.surname} || ' ' || ${u.email})`;

/**
 * Every person who can sign in: club members (CUSTOMER), dealers (DEALER) and the club's staff
 * (OPERATOR, ADMIN; docs/console.md), who also need a second factor.
 */
export const users = pgTable(
  'users',
  {
    id: serialId(),
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
    hasBonus: offByDefault('has_bonus'),
    /** Club card: issued when the member joins (REGISTERED); valid two years (SPEC.md §9). */
    cardNumber: text('card_number').unique(),
    cardValidTo: date('card_valid_to'),
    /** Secret of the member's private iCalendar feed. */
    calendarToken: text('calendar_token').unique(),
    /** Staff only: the TOTP secret (base32); set while enrolling, in force once `totpEnabledAt` is. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** Staff only: a deactivated account cannot sign in (its sessions end when it is deactivated). */
    deactivatedAt: instant('deactivated_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The desk's member search by part of a name, surname or e-mail (`memberSearchText`), as an
    // index read of trigrams rather than a scan of every account (migration 0016, pg_trgm).
    index('users_search_trgm_idx').using('gin', sql`${memberSearchText(t)} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque cookie value; the cookie itself is never stored. */
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    refreshedAt: instant('refreshed_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    /** Last successful auth/check-password: the dealer's re-entry window. */
    passwordVerifiedAt: instant('password_verified_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use links: password reset, dealer's agreements link, account activation. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    /**
     * STAFF_INVITE: the invitation link; SECOND_FACTOR: the step between password and TOTP at sign-in;
     * SECOND_FACTOR_ENROL: the first enrolment's step, given only for a mailed link (invitation, reset).
     */
    purpose: text('purpose', {
      enum: [
        'RESET_PASSWORD',
        'AGREEMENTS',
        'ACTIVATE',
        'STAFF_INVITE',
        'SECOND_FACTOR',
        'SECOND_FACTOR_ENROL',
      ],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The raw token, kept only for links a dealer must be able to copy again (terms_url, register_url). */
    shareable: text('shareable'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits when no REDIS_URL is set. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: instant('reset_at').notNull(),
});

/** Every mail the panel sends; with no SMTP_URL this table is the mailbox. */
/** A file sent with a mail (the booking's .ics), kept with it so that a resend sends the same mail. */
export type OutboxAttachment = {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64': a binary file (a ticket's QR code, the tickets' PDF); text otherwise. */
  encoding?: 'base64';
  /** Shown inside the HTML (`<img src="cid:…">`) rather than as a separate file. */
  cid?: string;
};

/**
 * Every mail the club sends (docs/mail.md): written in the transaction of the change that caused it,
 * delivered after commit. `status`: QUEUED (waiting or retrying), SENDING (claimed by one process),
 * SENT, FAILED (refused for good, or out of attempts; staff may resend it).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serialId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template').notNull(),
    language: text('language').notNull().default('pl'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /**
     * The mail's single-use links (slot → value), sealed (lib/secret-box.ts); the text and HTML hold
     * placeholders instead. Cleared once the mail is sent (docs/decisions/mail-secrets.md).
     */
    secrets: text('secrets'),
    status: text('status').notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: instant('last_attempt_at'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    error: text('error'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to),
    index('outbox_status_idx').on(t.status, t.id),
    index('outbox_created_idx').on(t.createdAt, t.id),
  ],
);

/** A staff member's one-time recovery codes (shown once at enrolment, stored hashed). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Every change a staff member makes (docs/console.md, "audit"): written by `recordAudit` in the same
 * transaction as the change, never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    /** Null when the account was removed later; `actorEmail` keeps who it was. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    at: instant('at').notNull().defaultNow(),
    /** A verb, e.g. 'create', 'update', 'publish', 'invite', 'deactivate'. */
    action: text('action').notNull(),
    /** What was changed, e.g. 'product', 'gallery', 'page', 'staff'. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
