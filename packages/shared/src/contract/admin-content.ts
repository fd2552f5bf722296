/** The console's content pages: about, contact, FAQ and partners (issue 16, docs/console.md): staff only. */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import {
  ZAdminAboutUpdate,
  ZAdminContactUpdate,
  ZAdminFaqCategoryInput,
  ZAdminFaqCategoryUpdate,
  ZAdminFaqQuestionInput,
  ZAdminFaqQuestionUpdate,
  ZAdminOrder,
  ZAdminPartnerInput,
  ZAdminPartnerUpdate,
} from '../schemas/admin-content';
import { defineEndpoint, object, ok } from './define';

const int = z.number().int();

export const ZAdminAbout = object({
  version: int,
  title_pl: z.string(),
  title_en: z.string(),
  subtitle_pl: z.string(),
  subtitle_en: z.string(),
  sections_html_pl: z.string(),
  sections_html_en: z.string(),
});
export type TAdminAbout = z.output<typeof ZAdminAbout>;

export const ZAdminContact = object({
  version: int,
  title_pl: z.string(),
  title_en: z.string(),
  description_pl: z.string(),
  description_en: z.string(),
  email: z.string(),
  phone: z.string(),
  days_pl: z.string(),
  days_en: z.string(),
});
export type TAdminContact = z.output<typeof ZAdminContact>;

export const ZAdminFaqQuestion = object({
  id: int,
  category_id: int,
  version: int,
  position: int,
  question_pl: z.string(),
  question_en: z.string(),
  answer_pl: z.string(),
  answer_en: z.string(),
});
export type TAdminFaqQuestion = z.output<typeof ZAdminFaqQuestion>;

export const ZAdminFaqCategory = object({
  id: int,
  version: int,
  position: int,
  name_pl: z.string(),
  name_en: z.string(),
  questions: z.array(ZAdminFaqQuestion),
});
export type TAdminFaqCategory = z.output<typeof ZAdminFaqCategory>;

export const ZAdminPartner = object({
  id: int,
  version: int,
  position: int,
  name: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type TAdminPartner = z.output<typeof ZAdminPartner>;

/** Every FAQ change answers with the whole FAQ, as the console shows it. */
const faq = ok(z.array(ZAdminFaqCategory));
const partners = ok(z.array(ZAdminPartner));

export const adminContentContract = {
  about: defineEndpoint({
    method: 'GET',
    path: '/admin/content/about',
    summary: 'The about page (/excellence-club) in both languages',
    access: 'staff',
    responses: { 200: ok(ZAdminAbout) },
  }),
  saveAbout: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/about',
    summary:
      "Saves the about page (its sections' HTML sanitised before it is stored); 409 STALE on an older version",
    access: 'staff',
    body: ZAdminAboutUpdate,
    responses: { 200: ok(ZAdminAbout) },
  }),
  contact: defineEndpoint({
    method: 'GET',
    path: '/admin/content/contact',
    summary: "The club's contact data (/contact) in both languages",
    access: 'staff',
    responses: { 200: ok(ZAdminContact) },
  }),
  saveContact: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/contact',
    summary: "Saves the club's contact data; 409 STALE on an older version",
    access: 'staff',
    body: ZAdminContactUpdate,
    responses: { 200: ok(ZAdminContact) },
  }),
  faq: defineEndpoint({
    method: 'GET',
    path: '/admin/content/faq',
    summary: 'The FAQ: categories in order, each with its questions in order (empty categories too)',
    access: 'staff',
    responses: { 200: faq },
  }),
  createFaqCategory: defineEndpoint({
    method: 'POST',
    path: '/admin/content/faq/categories',
    summary: 'Adds a FAQ category at the end',
    access: 'staff',
    body: ZAdminFaqCategoryInput,
    responses: { 201: faq },
  }),
  orderFaqCategories: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/faq/categories/order',
    summary: 'Sets the order of the FAQ categories (every id, in the new order)',
    access: 'staff',
    body: ZAdminOrder,
    responses: { 200: faq },
  }),
  saveFaqCategory: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/faq/categories/:id',
    summary: 'Renames a FAQ category; 409 STALE on an older version',
    access: 'staff',
    params: idParam,
    body: ZAdminFaqCategoryUpdate,
    responses: { 200: faq },
  }),
  removeFaqCategory: defineEndpoint({
    method: 'DELETE',
    path: '/admin/content/faq/categories/:id',
    summary: 'Removes a FAQ category with its questions',
    access: 'staff',
    params: idParam,
    responses: { 200: faq },
  }),
  orderFaqQuestions: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/faq/categories/:id/order',
    summary: "Sets the order of a category's questions (every id, in the new order)",
    access: 'staff',
    params: idParam,
    body: ZAdminOrder,
    responses: { 200: faq },
  }),
  createFaqQuestion: defineEndpoint({
    method: 'POST',
    path: '/admin/content/faq/questions',
    summary: 'Adds a question at the end of its category (the answer sanitised before it is stored)',
    access: 'staff',
    body: ZAdminFaqQuestionInput,
    responses: { 201: faq },
  }),
  saveFaqQuestion: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/faq/questions/:id',
    summary: 'Saves a question and its answer (moving it to another category puts it last there); 409 STALE',
    access: 'staff',
    params: idParam,
    body: ZAdminFaqQuestionUpdate,
    responses: { 200: faq },
  }),
  removeFaqQuestion: defineEndpoint({
    method: 'DELETE',
    path: '/admin/content/faq/questions/:id',
    summary: 'Removes a question',
    access: 'staff',
    params: idParam,
    responses: { 200: faq },
  }),
  partners: defineEndpoint({
    method: 'GET',
    path: '/admin/content/partners',
    summary: 'The partners in their order',
    access: 'staff',
    responses: { 200: partners },
  }),
  createPartner: defineEndpoint({
    method: 'POST',
    path: '/admin/content/partners',
    summary: 'Adds a partner at the end (its logo is uploaded next)',
    access: 'staff',
    body: ZAdminPartnerInput,
    responses: { 201: ok(ZAdminPartner) },
  }),
  orderPartners: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/partners/order',
    summary: 'Sets the order of the partners (every id, in the new order)',
    access: 'staff',
    body: ZAdminOrder,
    responses: { 200: partners },
  }),
  savePartner: defineEndpoint({
    method: 'PUT',
    path: '/admin/content/partners/:id',
    summary: "Saves a partner's name and link; 409 STALE on an older version",
    access: 'staff',
    params: idParam,
    body: ZAdminPartnerUpdate,
    responses: { 200: ok(ZAdminPartner) },
  }),
  uploadPartnerLogo: defineEndpoint({
    method: 'POST',
    path: '/admin/content/partners/:id/logo',
    summary:
      "Uploads a partner's logo (multipart field `file`: JPEG, PNG, WebP or AVIF by its bytes, at most 15 MB), replacing the old one",
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZAdminPartner) },
  }),
  removePartner: defineEndpoint({
    method: 'DELETE',
    path: '/admin/content/partners/:id',
    summary: 'Removes a partner (and from the experiences it appeared on)',
    access: 'staff',
    params: idParam,
    responses: { 200: partners },
  }),
};
