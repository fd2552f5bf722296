import type { LanguageCode } from '@club/shared';
import type { MailState, TMailDetail, TMailListQueryParsed, TMailRow } from '@club/shared/schemas/admin-mail';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { outbox } from '../../db/schema';
import { pageMeta } from '../../lib/page-meta';
import { translate } from '../../i18n';
import { OUTBOX_STATUS } from './mailer';
import { withSecretsHidden } from './render';
import { containsPattern } from '../../lib/text-search';

type OutboxRow = typeof outbox.$inferSelect;

/** SENDING is a claim that lasts seconds: staff see it as queued. */
const STATUSES_OF: Record<MailState, string[]> = {
  queued: [OUTBOX_STATUS.QUEUED, OUTBOX_STATUS.SENDING],
  sent: [OUTBOX_STATUS.SENT],
  failed: [OUTBOX_STATUS.FAILED],
};

export const stateOf = (status: string): MailState =>
  status === OUTBOX_STATUS.SENT ? 'sent' : status === OUTBOX_STATUS.FAILED ? 'failed' : 'queued';

export function toMailRow(row: OutboxRow): TMailRow {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    language: row.language === 'en' ? 'en' : 'pl',
    state: stateOf(row.status),
    attempts: row.attempts,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    attachments: row.attachments.length,
  };
}

/** One mail as staff read it: a single-use link is never in it (the stored body holds a placeholder). */
export function toMailDetail(row: OutboxRow, lang: LanguageCode): TMailDetail {
  const body = withSecretsHidden(row, translate(lang, 'mail.hiddenLink'));
  // The console's frame shows only data: images: an inline image (a ticket's QR code) is put in as one.
  const inline = (html: string) =>
    html.replace(/src="cid:([^"]+)"/g, (whole, cid: string) => {
      const file = row.attachments.find((a) => a.cid === cid && a.encoding === 'base64');
      return file && /^image\/(png|jpeg|gif)$/.test(file.contentType)
        ? `src="data:${file.contentType};base64,${file.content}"`
        : whole;
    });
  return {
    ...toMailRow(row),
    text: body.text,
    html: body.html === null ? null : inline(body.html),
    attachment_files: row.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      size: Buffer.byteLength(a.content, a.encoding === 'base64' ? 'base64' : 'utf8'),
    })),
  };
}

/** The first instant of a club day (Europe/Warsaw). */
const clubMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Warsaw'`;
const dayAfter = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Warsaw')`;

/** One page of the outbox: filtered, sorted (ties by id), with the pagination block. */
export async function listMail(db: Tx, q: TMailListQueryParsed) {
  const filters: SQL[] = [];
  if (q.state) filters.push(inArray(outbox.status, STATUSES_OF[q.state]));
  if (q.template) filters.push(eq(outbox.template, q.template));
  if (q.q) filters.push(ilike(outbox.to, containsPattern(q.q)));
  if (q.from) filters.push(gte(outbox.createdAt, clubMidnight(q.from)));
  if (q.to) filters.push(lt(outbox.createdAt, dayAfter(q.to)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const dir = q.dir === 'asc' ? asc : desc;
  const order = {
    created_at: dir(outbox.createdAt),
    to: dir(sql`lower(${outbox.to})`),
    template: dir(outbox.template),
    status: dir(outbox.status),
    attempts: dir(outbox.attempts),
  }[q.sort];
  const [{ total }] = (await db.select({ total: count() }).from(outbox).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(order, dir(outbox.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { data: rows.map(toMailRow), meta: pageMeta(q.page, q.per_page, total) };
}

export async function findMail(db: Tx, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(outbox).where(eq(outbox.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}
