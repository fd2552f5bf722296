import type { FastifyBaseLogger } from 'fastify';
import { eq, isNull } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Tx } from '../../db/client';
import { outbox } from '../../db/schema';

export type Mail = { to: string; subject: string; text: string; html?: string; template: string };

export interface Mailer {
  /**
   * Records the mail in the outbox inside the caller's transaction, so that a mail exists exactly
   * when the change that caused it was committed; delivery is attempted after commit by flush().
   */
  queue(tx: Tx, mail: Mail): Promise<number>;
  /** Sends queued mails over SMTP (when configured); a failure is logged and kept for a retry. */
  flush(db: Tx): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async queue(tx, mail) {
      const [row] = await tx.insert(outbox).values(mail).returning({ id: outbox.id });
      opts.log.info({ mailId: row!.id, to: mail.to, template: mail.template }, 'mail queued');
      return row!.id;
    },
    async flush(db) {
      if (!transport) return;
      const pending = await db.select().from(outbox).where(isNull(outbox.sentAt)).limit(50);
      for (const mail of pending) {
        try {
          await transport.sendMail({
            from: opts.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? undefined,
          });
          await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, mail.id));
        } catch (error) {
          opts.log.warn({ err: error, mailId: mail.id }, 'mail delivery failed');
          await db
            .update(outbox)
            .set({ error: String((error as Error).message) })
            .where(eq(outbox.id, mail.id));
        }
      }
    },
  };
}
