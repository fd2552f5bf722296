/**
 * The panel's languages and the user's choice of one (SPEC.md §7). Apart from the account's contract
 * because every first page needs them: the account's forms (and their phone rules) stay in the account's
 * own chunk.
 */
import { z } from 'zod';
import { ZLanguage, ZUpdateLanguageQuery } from '../schemas/auth';
import { defineEndpoint, ok, ZOk } from './define';

export const languagesContract = {
  languages: defineEndpoint({
    method: 'GET',
    path: '/settings/languages/items',
    summary: 'The languages of the panel, by code descending',
    access: 'public',
    responses: { 200: ok(z.array(ZLanguage)) },
  }),
  updateLanguage: defineEndpoint({
    method: 'GET',
    path: '/users/update-language',
    summary: "Sets the user's language (a GET that changes state: it demands the CSRF header)",
    access: 'account',
    csrf: true,
    query: ZUpdateLanguageQuery,
    responses: { 200: ZOk },
  }),
};
