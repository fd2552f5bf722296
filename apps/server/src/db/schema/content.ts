import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
  titlePl: text('title_pl').notNull(),
  titleEn: text('title_en').notNull(),
  subtitlePl: text('subtitle_pl').notNull().default(''),
  subtitleEn: text('subtitle_en').notNull().default(''),
  sectionsHtmlPl: text('sections_html_pl').notNull().default(''),
  sectionsHtmlEn: text('sections_html_en').notNull().default(''),
  /** Optimistic concurrency of the console (docs/console.md): a save on an older version is refused (409 STALE). */
  version: integer('version').notNull().default(1),
});

/** One row: the club's contact data, in both languages. */
export const contact = pgTable('contact', {
  id: serial('id').primaryKey(),
  titlePl: text('title_pl').notNull(),
  titleEn: text('title_en').notNull(),
  descriptionPl: text('description_pl').notNull(),
  descriptionEn: text('description_en').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  daysPl: text('days_pl').notNull(),
  daysEn: text('days_en').notNull(),
  /** Optimistic concurrency of the console (docs/console.md): a save on an older version is refused (409 STALE). */
  version: integer('version').notNull().default(1),
});

export const faqCategories = pgTable('faq_categories', {
  id: serial('id').primaryKey(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  position: integer('position').notNull().default(0),
  /** Optimistic concurrency of the console (docs/console.md): a save on an older version is refused (409 STALE). */
  version: integer('version').notNull().default(1),
});

export const faqQuestions = pgTable('faq_questions', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => faqCategories.id, { onDelete: 'cascade' }),
  questionPl: text('question_pl').notNull(),
  questionEn: text('question_en').notNull(),
  answerPl: text('answer_pl').notNull(),
  answerEn: text('answer_en').notNull(),
  position: integer('position').notNull().default(0),
  /** Optimistic concurrency of the console (docs/console.md): a save on an older version is refused (409 STALE). */
  version: integer('version').notNull().default(1),
});
