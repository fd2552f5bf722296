import type { LanguageCode, TContact, TFaqCategory, TPage } from '@club/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contact, faqCategories, faqQuestions, pages } from '../../db/schema';
import { translate } from '../../i18n';

export async function findPage(db: Tx, lang: LanguageCode, type: string): Promise<TPage | null> {
  const [row] = await db.select().from(pages).where(eq(pages.type, type));
  if (!row) return null;
  const en = lang === 'en';
  return {
    id: row.id,
    type: row.type,
    title: en ? row.titleEn : row.titlePl,
    subtitle: en ? row.subtitleEn : row.subtitlePl,
    sections_html: en ? row.sectionsHtmlEn : row.sectionsHtmlPl,
  };
}

export async function findContact(db: Tx, lang: LanguageCode): Promise<TContact | null> {
  const [row] = await db.select().from(contact).orderBy(asc(contact.id)).limit(1);
  if (!row) return null;
  const en = lang === 'en';
  return {
    title: en ? row.titleEn : row.titlePl,
    description: en ? row.descriptionEn : row.descriptionPl,
    email: row.email,
    email_title: translate(lang, 'content.emailTitle'),
    phone: row.phone,
    phone_title: translate(lang, 'content.phoneTitle'),
    days: en ? row.daysEn : row.daysPl,
    days_title: translate(lang, 'content.daysTitle'),
  };
}

/** FAQ categories in their order, each with its questions in order; empty categories are left out. */
export async function listFaq(db: Tx, lang: LanguageCode): Promise<TFaqCategory[]> {
  const en = lang === 'en';
  const cats = await db
    .select()
    .from(faqCategories)
    .orderBy(asc(faqCategories.position), asc(faqCategories.id));
  if (cats.length === 0) return [];
  const questions = await db
    .select()
    .from(faqQuestions)
    .where(
      inArray(
        faqQuestions.categoryId,
        cats.map((c) => c.id),
      ),
    )
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
  return cats
    .map((c) => ({
      id: c.id,
      name: en ? c.nameEn : c.namePl,
      questions: questions
        .filter((q) => q.categoryId === c.id)
        .map((q) => ({
          id: q.id,
          question: en ? q.questionEn : q.questionPl,
          answer: en ? q.answerEn : q.answerPl,
        })),
    }))
    .filter((c) => c.questions.length > 0);
}
