import type {
  TAdminAbout,
  TAdminContact,
  TAdminFaqCategory,
  TAdminPartner,
} from '@club/shared/contract/admin-content';
import type { z } from 'zod';
import type {
  ZAdminAboutInput,
  ZAdminContactInput,
  ZAdminFaqCategoryInput,
  ZAdminFaqQuestionInput,
  ZAdminPartnerInput,
} from '@club/shared/schemas/admin-content';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { contact, faqCategories, faqQuestions, pages, partners } from '../../db/schema';
import { invalidField, stale } from '../../lib/app-error';
import { storableHtml } from '../../lib/sanitize-html';
import { mediaUrl } from '../../lib/media';
import { lockVersioned, saveVersioned, updateVersioned } from '../../lib/versioned-rows';

/**
 * The console's reads and writes of the content pages (issue 16). Every write takes the transaction
 * the route opened, in which it also records the audit row. The member pages read these tables
 * without a cache (modules/content/repository.ts); partners are part of the catalogue cache and
 * announce their changes through the triggers of migration 0001.
 */

export const ABOUT = 'ABOUT';

/* ---- the about page ---- */

type PageRow = typeof pages.$inferSelect;
const aboutOf = (row: PageRow): TAdminAbout => ({
  version: row.version,
  title_pl: row.titlePl,
  title_en: row.titleEn,
  subtitle_pl: row.subtitlePl,
  subtitle_en: row.subtitleEn,
  sections_html_pl: row.sectionsHtmlPl,
  sections_html_en: row.sectionsHtmlEn,
});

export async function loadAbout(db: Tx, lock = false): Promise<TAdminAbout | null> {
  const query = db.select().from(pages).where(eq(pages.type, ABOUT));
  const [row] = lock ? await query.for('update') : await query;
  return row ? aboutOf(row) : null;
}

/** Saves the about page (made if the installation has none yet); the sections sanitised first. */
export async function saveAbout(
  tx: Tx,
  version: number,
  v: z.output<typeof ZAdminAboutInput>,
): Promise<{ before: TAdminAbout | null; after: TAdminAbout }> {
  const before = await loadAbout(tx, true);
  if ((before?.version ?? 1) !== version) throw stale();
  const columns = {
    titlePl: v.title_pl,
    titleEn: v.title_en,
    subtitlePl: v.subtitle_pl,
    subtitleEn: v.subtitle_en,
    sectionsHtmlPl: storableHtml(v.sections_html_pl),
    sectionsHtmlEn: storableHtml(v.sections_html_en),
  };
  const [row] = before
    ? await tx
        .update(pages)
        .set({ ...columns, version: before.version + 1 })
        .where(eq(pages.type, ABOUT))
        .returning()
    : await tx
        .insert(pages)
        .values({ type: ABOUT, ...columns, version: 2 })
        .returning();
  return { before, after: aboutOf(row!) };
}

/* ---- contact ---- */

type ContactRow = typeof contact.$inferSelect;
const contactOf = (row: ContactRow): TAdminContact => ({
  version: row.version,
  title_pl: row.titlePl,
  title_en: row.titleEn,
  description_pl: row.descriptionPl,
  description_en: row.descriptionEn,
  email: row.email,
  phone: row.phone,
  days_pl: row.daysPl,
  days_en: row.daysEn,
});

async function contactRow(db: Tx, lock = false): Promise<ContactRow | undefined> {
  const query = db.select().from(contact).orderBy(asc(contact.id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function loadContact(db: Tx): Promise<TAdminContact | null> {
  const row = await contactRow(db);
  return row ? contactOf(row) : null;
}

export async function saveContact(
  tx: Tx,
  version: number,
  v: z.output<typeof ZAdminContactInput>,
): Promise<{ before: TAdminContact | null; after: TAdminContact }> {
  const row = await contactRow(tx, true);
  if ((row?.version ?? 1) !== version) throw stale();
  const columns = {
    titlePl: v.title_pl,
    titleEn: v.title_en,
    descriptionPl: v.description_pl,
    descriptionEn: v.description_en,
    email: v.email,
    phone: v.phone,
    daysPl: v.days_pl,
    daysEn: v.days_en,
  };
  const [after] = row
    ? await tx
        .update(contact)
        .set({ ...columns, version: row.version + 1 })
        .where(eq(contact.id, row.id))
        .returning()
    : await tx
        .insert(contact)
        .values({ ...columns, version: 2 })
        .returning();
  return { before: row ? contactOf(row) : null, after: contactOf(after!) };
}

/* ---- FAQ ---- */

/** The whole FAQ as the console shows it: every category (empty ones too), questions in order. */
export async function loadFaq(db: Tx): Promise<TAdminFaqCategory[]> {
  const cats = await db
    .select()
    .from(faqCategories)
    .orderBy(asc(faqCategories.position), asc(faqCategories.id));
  const questions = await db
    .select()
    .from(faqQuestions)
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
  return cats.map((c) => ({
    id: c.id,
    version: c.version,
    position: c.position,
    name_pl: c.namePl,
    name_en: c.nameEn,
    questions: questions
      .filter((q) => q.categoryId === c.id)
      .map((q) => ({
        id: q.id,
        category_id: q.categoryId,
        version: q.version,
        position: q.position,
        question_pl: q.questionPl,
        question_en: q.questionEn,
        answer_pl: q.answerPl,
        answer_en: q.answerEn,
      })),
  }));
}

async function nextPosition(tx: Tx, table: PgTable, where?: ReturnType<typeof eq>): Promise<number> {
  const [row] = (await tx
    .select({ next: sql<number>`coalesce(max(position) + 1, 0)::int` })
    .from(table)
    .where(where)) as [{ next: number }];
  return Number(row.next);
}

export async function createFaqCategory(tx: Tx, v: z.output<typeof ZAdminFaqCategoryInput>) {
  const [row] = await tx
    .insert(faqCategories)
    .values({ namePl: v.name_pl, nameEn: v.name_en, position: await nextPosition(tx, faqCategories) })
    .returning();
  return row!;
}

const lockCategory = (tx: Tx, id: number) => lockVersioned(tx, faqCategories, id);

export const saveFaqCategory = (
  tx: Tx,
  id: number,
  version: number,
  v: z.output<typeof ZAdminFaqCategoryInput>,
) => updateVersioned(tx, faqCategories, id, version, () => ({ namePl: v.name_pl, nameEn: v.name_en }));

export async function removeFaqCategory(tx: Tx, id: number) {
  const before = await lockCategory(tx, id);
  const questions = await tx.select().from(faqQuestions).where(eq(faqQuestions.categoryId, id));
  await tx.delete(faqCategories).where(eq(faqCategories.id, id));
  return { ...before, questions };
}

/**
 * Puts rows in the given order (positions 0…n-1). The ids must be exactly the current ones, so an
 * order made from an outdated list (a row added or removed meanwhile) is refused as stale.
 */
async function setOrder(
  tx: Tx,
  table: typeof faqCategories | typeof faqQuestions | typeof partners,
  current: number[],
  ids: number[],
): Promise<void> {
  const same =
    current.length === ids.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => current.includes(id));
  if (!same) throw stale();
  for (const [position, id] of ids.entries()) {
    await tx.update(table).set({ position }).where(eq(table.id, id));
  }
}

export async function orderFaqCategories(tx: Tx, ids: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: faqCategories.id })
    .from(faqCategories)
    .orderBy(asc(faqCategories.position), asc(faqCategories.id))
    .for('update');
  const before = rows.map((r) => r.id);
  await setOrder(tx, faqCategories, before, ids);
  return before;
}

export async function orderFaqQuestions(tx: Tx, categoryId: number, ids: number[]): Promise<number[]> {
  await lockCategory(tx, categoryId);
  const rows = await tx
    .select({ id: faqQuestions.id })
    .from(faqQuestions)
    .where(eq(faqQuestions.categoryId, categoryId))
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
  const before = rows.map((r) => r.id);
  await setOrder(tx, faqQuestions, before, ids);
  return before;
}

/** The question's columns; the answers sanitised, and required once sanitised. */
async function questionColumns(tx: Tx, v: z.output<typeof ZAdminFaqQuestionInput>, field: string) {
  const [category] = await tx
    .select({ id: faqCategories.id })
    .from(faqCategories)
    .where(eq(faqCategories.id, v.category_id));
  if (!category) throw invalidField(`${field}category_id`, 'validation.wrongValue');
  const answerPl = storableHtml(v.answer_pl);
  const answerEn = storableHtml(v.answer_en);
  if (!answerPl) throw invalidField(`${field}answer_pl`, 'validation.required');
  if (!answerEn) throw invalidField(`${field}answer_en`, 'validation.required');
  return {
    categoryId: v.category_id,
    questionPl: v.question_pl,
    questionEn: v.question_en,
    answerPl,
    answerEn,
  };
}

export async function createFaqQuestion(tx: Tx, v: z.output<typeof ZAdminFaqQuestionInput>) {
  const columns = await questionColumns(tx, v, '');
  const position = await nextPosition(tx, faqQuestions, eq(faqQuestions.categoryId, v.category_id));
  const [row] = await tx
    .insert(faqQuestions)
    .values({ ...columns, position })
    .returning();
  return row!;
}

const lockQuestion = (tx: Tx, id: number) => lockVersioned(tx, faqQuestions, id);

export const saveFaqQuestion = (
  tx: Tx,
  id: number,
  version: number,
  v: z.output<typeof ZAdminFaqQuestionInput>,
) =>
  updateVersioned(tx, faqQuestions, id, version, async (before) => {
    const columns = await questionColumns(tx, v, 'question.');
    const moved = before.categoryId !== v.category_id;
    const position = moved
      ? await nextPosition(tx, faqQuestions, eq(faqQuestions.categoryId, v.category_id))
      : before.position;
    return { ...columns, position };
  });

export async function removeFaqQuestion(tx: Tx, id: number) {
  const before = await lockQuestion(tx, id);
  await tx.delete(faqQuestions).where(eq(faqQuestions.id, id));
  return before;
}

/* ---- partners ---- */

type PartnerRow = typeof partners.$inferSelect;
export const partnerOf = (row: PartnerRow): TAdminPartner => ({
  id: row.id,
  version: row.version,
  position: row.position,
  name: row.name,
  url: row.url,
  image: row.image,
  image_url: mediaUrl(row.image),
});

export async function loadPartners(db: Tx): Promise<TAdminPartner[]> {
  const rows = await db.select().from(partners).orderBy(asc(partners.position), asc(partners.id));
  return rows.map(partnerOf);
}

export async function createPartner(tx: Tx, v: z.output<typeof ZAdminPartnerInput>) {
  const [row] = await tx
    .insert(partners)
    .values({ name: v.name, url: v.url, position: await nextPosition(tx, partners) })
    .returning();
  return row!;
}

export const lockPartner = (tx: Tx, id: number, version?: number) => lockVersioned(tx, partners, id, version);

export const savePartner = (tx: Tx, id: number, version: number, v: z.output<typeof ZAdminPartnerInput>) =>
  updateVersioned(tx, partners, id, version, () => ({ name: v.name, url: v.url }));

/** A new logo: the partner's version moves on (a form open meanwhile would save the old state). */
export async function setPartnerLogo(tx: Tx, id: number, image: string) {
  return saveVersioned(tx, partners, await lockPartner(tx, id), { image });
}

export async function removePartner(tx: Tx, id: number) {
  const before = await lockPartner(tx, id);
  await tx.delete(partners).where(eq(partners.id, id));
  return before;
}

export async function orderPartners(tx: Tx, ids: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: partners.id })
    .from(partners)
    .orderBy(asc(partners.position), asc(partners.id))
    .for('update');
  const before = rows.map((r) => r.id);
  await setOrder(tx, partners, before, ids);
  return before;
}
