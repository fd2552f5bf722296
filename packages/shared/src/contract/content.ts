/** The club's pages (SPEC.md §7 pages/*, faq/*, settings/partners): about, contact, FAQ, partners. */
import { z } from 'zod';
import { ZContact, ZFaqCategory, ZPage, ZPageQuery, ZPartner } from '../schemas/catalog';
import { defineEndpoint, ok } from './define';

export const contentContract = {
  page: defineEndpoint({
    method: 'GET',
    path: '/pages/page',
    summary: 'A page of text by its type (ABOUT), its sections as safe HTML',
    access: 'user',
    query: ZPageQuery,
    responses: { 200: ok(ZPage) },
  }),
  contact: defineEndpoint({
    method: 'GET',
    path: '/pages/contact',
    summary: "The club's contact: e-mail, phone and opening days, with their titles",
    access: 'user',
    responses: { 200: ok(ZContact) },
  }),
  faq: defineEndpoint({
    method: 'GET',
    path: '/faq/categories/items',
    summary: 'The FAQ: categories in their order, each with its questions (empty ones left out)',
    access: 'user',
    responses: { 200: ok(z.array(ZFaqCategory)) },
  }),
  partners: defineEndpoint({
    method: 'GET',
    path: '/settings/partners/items',
    summary: "The club's partners in their order, with their logos",
    access: 'user',
    responses: { 200: ok(z.array(ZPartner)) },
  }),
};
