import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { invoices } from './sales';

/**
 * The KSeF outbox (issue 30, docs/ksef.md): one row per invoice or correction, written in the issuing
 * transaction, so an invoice exists exactly when its way to KSeF does. The worker claims rows
 * (`FOR UPDATE SKIP LOCKED` and a lease), sends them in one interactive session per batch, and keeps
 * what KSeF answered: its number and official receipt (UPO), or its refusal's code and reason.
 */
export const ksefSubmissions = pgTable(
  'ksef_submissions',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** QUEUED (waiting for an attempt), SENDING (claimed), ACCEPTED, REJECTED. */
    status: text('status', { enum: ['QUEUED', 'SENDING', 'ACCEPTED', 'REJECTED'] })
      .notNull()
      .default('QUEUED'),
    /**
     * The FA(3) XML exactly as it is (or will be) sent: its SHA-256 is in the KOD I on the PDF, so it
     * is built once; null while a correction waits for its invoice's KSeF number.
     */
    xml: text('xml'),
    /** Issued while KSeF was unavailable (offline24 mode): the PDF says OFFLINE until it is accepted. */
    offline: boolean('offline').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried again before this (back-off after KSeF was unavailable). */
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** A SENDING row whose lease ran out (its process died) is claimed again. */
    leaseUntil: instant('lease_until'),
    ksefNumber: text('ksef_number'),
    /** KSeF's references of the session and of the invoice in it. */
    sessionReference: text('session_reference'),
    invoiceReference: text('invoice_reference'),
    upo: text('upo'),
    /** KSeF's code and reason of a refusal, or the last failure to reach it. */
    errorCode: integer('error_code'),
    errorReason: text('error_reason'),
    acceptedAt: instant('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('ksef_submissions_waiting_idx').on(t.status, t.nextAttemptAt)],
);
