import { experiencePagePath, type LanguageCode } from '@club/shared';
import type {
  TAttendeeMailDetail,
  TAttendeeMailPreview,
  TAttendeeMailRow,
} from '@club/shared/contract/event-mail';
import type {
  AttendeeMailAudience,
  TAttendeeMailInput,
  TAttendeeMailSend,
} from '@club/shared/schemas/event-mail';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { attendeeMailRecipients, attendeeMails, categories, outbox, products, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { renderMail } from '../mail/render';
import type { MailData } from '../mail/templates';
import { whenOf } from './booked-tickets';

type Deps = Pick<FastifyInstance, 'mailer' | 'config'>;
type Person = { userId: number; email: string; name: string; language: LanguageCode };
type Experience = typeof products.$inferSelect & { categoryPl: string; categoryEn: string };

/**
 * Who a staff member's mail reaches: the members with a valid ticket of the experience (the one who
 * booked receives it for their party: accompanying persons have no address), only those with a
 * ticket nobody has let in yet, or the members waiting for a seat who hold no ticket. Never more
 * than one experience's people, one mail each.
 */
export async function audienceOf(
  tx: Tx,
  productId: number,
  audience: AttendeeMailAudience,
): Promise<Person[]> {
  const holders = sql`select o.user_id from tickets t join orders o on o.id = t.order_id
    where t.product_id = ${productId} and t.status = 'VALID' and o.status = 'PAID'`;
  const who =
    audience === 'WAITING_LIST'
      ? sql`select n.user_id from product_notifications n where n.product_id = ${productId}
          and n.user_id not in (${holders} and o.user_id is not null)`
      : audience === 'NOT_CHECKED_IN'
        ? sql`${holders} and not exists (select 1 from check_ins c where c.ticket_id = t.id)`
        : holders;
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      language: users.languageCode,
    })
    .from(users)
    .where(sql`${users.id} in (${who})`)
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  return rows.map((r) => ({
    userId: r.id,
    email: r.email,
    name: `${r.name ?? ''} ${r.surname ?? ''}`.trim(),
    language: r.language === 'en' ? 'en' : 'pl',
  }));
}

async function experienceOf(tx: Tx, productId: number): Promise<Experience> {
  const [row] = await tx
    .select({ product: products, categoryPl: categories.namePl, categoryEn: categories.nameEn })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!row) throw notFound();
  return { ...row.product, categoryPl: row.categoryPl, categoryEn: row.categoryEn };
}

function mailData(
  deps: Deps,
  input: Pick<TAttendeeMailInput, 'audience' | 'subject_pl' | 'subject_en' | 'body_pl' | 'body_en'>,
  product: Experience,
  lang: LanguageCode,
): MailData['attendee-mail'] {
  const en = lang === 'en';
  const waiting = input.audience === 'WAITING_LIST';
  return {
    subject: en ? input.subject_en : input.subject_pl,
    body: en ? input.body_en : input.body_pl,
    experience: en ? product.nameEn : product.namePl,
    when: whenOf(product, lang),
    place: (en ? product.placeEn : product.placePl) || null,
    waiting,
    url: waiting
      ? `${deps.config.PUBLIC_URL}${experiencePagePath(en ? product.categoryEn : product.categoryPl, product.id, en ? product.nameEn : product.namePl)}`
      : `${deps.config.PUBLIC_URL}/panel/account/club-card`,
  };
}

/** The mail as each language will read it, and how many it would reach now. */
export async function previewAttendeeMail(
  tx: Tx,
  deps: Deps,
  input: TAttendeeMailInput,
): Promise<TAttendeeMailPreview> {
  const product = await experienceOf(tx, input.product_id);
  const people = await audienceOf(tx, product.id, input.audience);
  const rendered = async (lang: LanguageCode) => {
    const mail = await renderMail('attendee-mail', lang, mailData(deps, input, product, lang));
    return { subject: mail.subject, html: mail.html, text: mail.text };
  };
  return {
    recipients: {
      total: people.length,
      pl: people.filter((p) => p.language === 'pl').length,
      en: people.filter((p) => p.language === 'en').length,
    },
    pl: await rendered('pl'),
    en: await rendered('en'),
  };
}

/**
 * Sends it: the mail's row (its key unique), one recipient row per address (unique per mail) and
 * the outbox row, in one transaction. A retry with the same key (a lost answer, a double tap, a
 * restart) finds the row and mails only the people it has no recipient row for: nobody twice.
 */
export async function sendAttendeeMail(
  tx: Tx,
  deps: Deps,
  request: FastifyRequest,
  staffId: number,
  input: TAttendeeMailSend,
): Promise<number> {
  const product = await experienceOf(tx, input.product_id);
  await tx
    .insert(attendeeMails)
    .values({
      key: input.key,
      productId: product.id,
      audience: input.audience,
      subjectPl: input.subject_pl,
      subjectEn: input.subject_en,
      bodyPl: input.body_pl,
      bodyEn: input.body_en,
      byUserId: staffId,
    })
    .onConflictDoNothing({ target: attendeeMails.key });
  // Locked: two retries of one key at the same instant queue each person once.
  const [mail] = await tx.select().from(attendeeMails).where(eq(attendeeMails.key, input.key)).for('update');
  if (!mail || mail.productId !== product.id) throw new AppError(409, 'MAIL_KEY_USED', 'eventMail.keyUsed');
  // A retry sends what was first sent, whatever the retry carries.
  const stored = {
    audience: mail.audience,
    subject_pl: mail.subjectPl,
    subject_en: mail.subjectEn,
    body_pl: mail.bodyPl,
    body_en: mail.bodyEn,
  };
  const people = await audienceOf(tx, product.id, mail.audience);
  const fresh = people.length
    ? await tx
        .insert(attendeeMailRecipients)
        .values(
          people.map((p) => ({
            mailId: mail.id,
            userId: p.userId,
            email: p.email,
            name: p.name,
            language: p.language,
          })),
        )
        .onConflictDoNothing({ target: [attendeeMailRecipients.mailId, attendeeMailRecipients.email] })
        .returning()
    : [];
  const existing = await tx
    .select({ id: attendeeMailRecipients.id })
    .from(attendeeMailRecipients)
    .where(eq(attendeeMailRecipients.mailId, mail.id))
    .limit(1);
  if (existing.length === 0) throw new AppError(409, 'NO_RECIPIENTS', 'eventMail.noRecipients');
  const data = { pl: mailData(deps, stored, product, 'pl'), en: mailData(deps, stored, product, 'en') };
  for (const r of fresh) {
    const lang = r.language === 'en' ? 'en' : 'pl';
    const outboxId = await deps.mailer.queue(tx, {
      template: 'attendee-mail',
      to: r.email,
      language: lang,
      data: data[lang],
    });
    await tx.update(attendeeMailRecipients).set({ outboxId }).where(eq(attendeeMailRecipients.id, r.id));
  }
  if (fresh.length > 0) {
    await recordAudit(tx, request, {
      action: 'send',
      entityType: 'attendee-mail',
      entityId: mail.id,
      after: {
        product_id: product.id,
        audience: mail.audience,
        subject_pl: mail.subjectPl,
        recipients: fresh.length,
      },
    });
  }
  return mail.id;
}

const STATE_SQL = sql<string>`case when ${outbox.status} = 'SENT' then 'sent' when ${outbox.status} = 'FAILED' then 'failed' else 'queued' end`;

async function rowsOf(tx: Tx, where: ReturnType<typeof eq>): Promise<TAttendeeMailRow[]> {
  const mails = await tx
    .select({ mail: attendeeMails, byName: users.name, bySurname: users.surname })
    .from(attendeeMails)
    .leftJoin(users, eq(users.id, attendeeMails.byUserId))
    .where(where)
    .orderBy(desc(attendeeMails.id))
    .limit(100);
  if (mails.length === 0) return [];
  const tallies = await tx
    .select({ mailId: attendeeMailRecipients.mailId, state: STATE_SQL, n: sql<number>`count(*)::int` })
    .from(attendeeMailRecipients)
    .leftJoin(outbox, eq(outbox.id, attendeeMailRecipients.outboxId))
    .where(
      inArray(
        attendeeMailRecipients.mailId,
        mails.map((m) => m.mail.id),
      ),
    )
    .groupBy(attendeeMailRecipients.mailId, STATE_SQL);
  return mails.map(({ mail, byName, bySurname }) => {
    const count = (state: string) =>
      tallies.filter((x) => x.mailId === mail.id && x.state === state).reduce((a, x) => a + Number(x.n), 0);
    const sent = count('sent');
    const queued = count('queued');
    const failed = count('failed');
    return {
      id: mail.id,
      audience: mail.audience,
      subject_pl: mail.subjectPl,
      subject_en: mail.subjectEn,
      created_at: mail.createdAt.toISOString(),
      by: byName === null ? null : `${byName ?? ''} ${bySurname ?? ''}`.trim(),
      recipients: sent + queued + failed,
      sent,
      queued,
      failed,
    };
  });
}

export const attendeeMailsOf = (tx: Tx, productId: number) =>
  rowsOf(tx, eq(attendeeMails.productId, productId));

export async function attendeeMailDetail(tx: Tx, id: number): Promise<TAttendeeMailDetail> {
  const [row] = await rowsOf(tx, eq(attendeeMails.id, id));
  const [mail] = await tx.select().from(attendeeMails).where(eq(attendeeMails.id, id));
  if (!row || !mail) throw notFound();
  const people = await tx
    .select({
      name: attendeeMailRecipients.name,
      email: attendeeMailRecipients.email,
      language: attendeeMailRecipients.language,
      state: STATE_SQL,
    })
    .from(attendeeMailRecipients)
    .leftJoin(outbox, eq(outbox.id, attendeeMailRecipients.outboxId))
    .where(and(eq(attendeeMailRecipients.mailId, id)))
    .orderBy(asc(attendeeMailRecipients.name), asc(attendeeMailRecipients.id));
  return {
    ...row,
    product_id: mail.productId,
    body_pl: mail.bodyPl,
    body_en: mail.bodyEn,
    people: people.map((p) => ({
      name: p.name,
      email: p.email,
      language: p.language === 'en' ? ('en' as const) : ('pl' as const),
      state:
        p.state === 'sent'
          ? ('sent' as const)
          : p.state === 'failed'
            ? ('failed' as const)
            : ('queued' as const),
    })),
  };
}
