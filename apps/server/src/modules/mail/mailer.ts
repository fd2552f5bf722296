import type { LanguageCode } from '@club/shared';
import type { MailTemplateName } from '@club/shared/schemas/admin-mail';
import { and, asc, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Tx } from '../../db/client';
import { outbox } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { renderMail, withSecrets } from './render';
import type { MailData } from './templates';

/** A mail to queue: which template, for whom, in which language, with the template's typed data. */
export type MailRequest<T extends MailTemplateName = MailTemplateName> = {
  template: T;
  to: string;
  language: LanguageCode;
  data: MailData[T];
};

/** The outbox row's delivery states (db/schema `outbox.status`). */
export const OUTBOX_STATUS = {
  QUEUED: 'QUEUED',
  SENDING: 'SENDING',
  SENT: 'SENT',
  FAILED: 'FAILED',
} as const;

/** Transient failures (the SMTP server unreachable, a 4xx answer) are tried this many times in all. */
export const MAX_ATTEMPTS = 3;
/** A mail claimed by a process that died while sending is taken again after this long. */
const STALE_SENDING_MS = 10 * 60 * 1000;
const BATCH = 50;

export interface Mailer {
  /**
   * Renders the mail (template, language, data) and records it in the outbox inside the caller's
   * transaction, so that a mail exists exactly when the change that caused it was committed;
   * delivery is attempted after commit by flush().
   */
  queue<T extends MailTemplateName>(tx: Tx, mail: MailRequest<T>): Promise<number>;
  /**
   * Sends queued mails over SMTP (when configured), or only the given ones. Each row is claimed
   * (SKIP LOCKED) before sending, so two processes never send the same mail. A refusal (5xx) or the
   * last attempt marks the mail FAILED with the error; a transient failure leaves it QUEUED.
   */
  flush(db: Tx, opts?: { ids?: number[] }): Promise<void>;
  /**
   * flush() started after the answer went: counted by `track` (the app's in-flight work, so that a
   * graceful shutdown waits for the sending and its outbox updates), a failure logged, never thrown.
   */
  flushInBackground(db: Tx): void;
  /**
   * The mail as it is handed to SMTP, its single-use links put back from the sealed secrets: for
   * the sending and the test-support outbox only, never for anything staff read.
   */
  asSent(row: Pick<OutboxRow, 'text' | 'html' | 'secrets'>): { text: string; html: string | null };
}

type OutboxRow = typeof outbox.$inferSelect;

/** An SMTP answer 5xx is final: trying again sends nothing. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500;
};

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  track?: (work: () => Promise<void>) => Promise<void>;
  /** Seals the single-use links of a mail in its outbox row; a mailer without it cannot queue them. */
  secrets?: SecretBox;
}): Mailer {
  const asSent: Mailer['asSent'] = (row) => {
    if (!row.secrets) return { text: row.text, html: row.html };
    if (!opts.secrets) throw new Error('mail: a sealed link, and no key to open it');
    return withSecrets(row, JSON.parse(opts.secrets.open(row.secrets)) as Record<string, string>);
  };

  // Short timeouts: a resend waits for the answer, and a dead server must not hold a sweep for minutes.
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  /** Rows waiting for an attempt (not one this flush already made, which waits for the next sweep). */
  async function claim(db: Tx, started: Date, ids?: number[]) {
    const stale = new Date(Date.now() - STALE_SENDING_MS);
    const waiting: SQL = or(
      and(
        eq(outbox.status, OUTBOX_STATUS.QUEUED),
        or(isNull(outbox.lastAttemptAt), lt(outbox.lastAttemptAt, started)),
      ),
      and(eq(outbox.status, OUTBOX_STATUS.SENDING), lt(outbox.lastAttemptAt, stale)),
    )!;
    const candidates = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(ids ? and(waiting, inArray(outbox.id, ids)) : waiting)
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ status: OUTBOX_STATUS.SENDING, lastAttemptAt: new Date() })
      .where(inArray(outbox.id, candidates))
      .returning();
  }

  const track = opts.track ?? ((work: () => Promise<void>) => work());

  return {
    async queue(tx, mail) {
      const rendered = await renderMail(mail.template, mail.language, mail.data);
      const hasSecrets = Object.keys(rendered.secrets).length > 0;
      if (hasSecrets && !opts.secrets) throw new Error(`mail ${mail.template}: no key to seal its link`);
      const [row] = await tx
        .insert(outbox)
        .values({
          to: mail.to,
          template: mail.template,
          language: mail.language,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          attachments: rendered.attachments,
          secrets: hasSecrets ? opts.secrets!.seal(JSON.stringify(rendered.secrets)) : null,
        })
        .returning({ id: outbox.id });
      opts.log.info({ mailId: row!.id, to: mail.to, template: mail.template }, 'mail queued');
      return row!.id;
    },

    async flush(db, flushOpts = {}) {
      if (!transport) return;
      if (flushOpts.ids && flushOpts.ids.length === 0) return;
      const started = new Date();
      for (;;) {
        const batch = await claim(db, started, flushOpts.ids);
        for (const mail of batch) {
          const attempts = mail.attempts + 1;
          try {
            const body = asSent(mail);
            await transport.sendMail({
              from: opts.from,
              to: mail.to,
              subject: mail.subject,
              text: body.text,
              html: body.html ?? undefined,
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
                // Binary files (the tickets' QR codes and PDF) are stored in base64; a QR code is inline.
                encoding: a.encoding,
                cid: a.cid,
                contentDisposition: a.cid ? ('inline' as const) : undefined,
              })),
            });
            await db
              .update(outbox)
              // Delivered: the sealed link is not needed any more (only a failed mail is resent).
              .set({ status: OUTBOX_STATUS.SENT, sentAt: new Date(), error: null, attempts, secrets: null })
              .where(eq(outbox.id, mail.id));
          } catch (error) {
            const final = isPermanent(error) || attempts >= MAX_ATTEMPTS;
            opts.log.warn({ err: error, mailId: mail.id, attempts, final }, 'mail delivery failed');
            await db
              .update(outbox)
              .set({
                status: final ? OUTBOX_STATUS.FAILED : OUTBOX_STATUS.QUEUED,
                error: String((error as Error).message ?? error).slice(0, 2000),
                attempts,
              })
              .where(eq(outbox.id, mail.id));
          }
        }
        if (batch.length < BATCH || flushOpts.ids) return;
      }
    },

    asSent,

    flushInBackground(db) {
      if (!transport) return;
      track(() => this.flush(db)).catch((error) => opts.log.warn({ err: error }, 'mail flush failed'));
    },
  };
}
