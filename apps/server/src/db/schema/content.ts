import { pgTable, text } from 'drizzle-orm/pg-core';
import { editVersion, listPosition, ownedBy, serialId } from './columns';

export const pages = pgTable('pages', {
  id: serialId(),
  type: text('type').notNull().unique(),
  titlePl: text('title_pl').notNull(),
  titleEn: text('title_en').notNull(),
  subtitlePl: text('subtitle_pl').notNull().default(''),
  subtitleEn: text('subtitle_en').notNull().default(''),
  sectionsHtmlPl: text('sections_html_pl').notNull().default(''),
  sectionsHtmlEn: text('sections_html_en').notNull().default(''),
  version: editVersion(),
});

/** One row: the club's contact data, in both languages. */
export const contact = pgTable('contact', {
  id: serialId(),
  titlePl: text('title_pl').notNull(),
  titleEn: text('title_en').notNull(),
  descriptionPl: text('description_pl').notNull(),
  descriptionEn: text('description_en').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  daysPl: text('days_pl').notNull(),
  daysEn: text('days_en').notNull(),
  version: editVersion(),
});

export const faqCategories = pgTable('faq_categories', {
  id: serialId(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  position: listPosition(),
  version: editVersion(),
});

export const faqQuestions = pgTable('faq_questions', {
  id: serialId(),
  categoryId: ownedBy('category_id', () => faqCategories.id),
  questionPl: text('question_pl').notNull(),
  questionEn: text('question_en').notNull(),
  answerPl: text('answer_pl').notNull(),
  answerEn: text('answer_en').notNull(),
  position: listPosition(),
  version: editVersion(),
});
