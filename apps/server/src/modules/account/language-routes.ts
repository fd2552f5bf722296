import { ZUpdateLanguageQuery } from '@club/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languages, users } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import { requireAuth } from '../../plugins/session';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Public: the sign-in page offers the language switch too. Sorted by code descending (SPEC.md §7). */
  app.get('/settings/languages/items', { config: { access: 'public' } }, async () => {
    const rows = await app.db
      .select({ id: languages.id, code: languages.code })
      .from(languages)
      .orderBy(desc(languages.code));
    return { success: true as const, data: rows };
  });

  app.get(
    '/users/update-language',
    { config: { access: 'account', csrf: true }, schema: { querystring: ZUpdateLanguageQuery } },
    async (request) => {
      const auth = requireAuth(request);
      const [language] = await app.db
        .select()
        .from(languages)
        .where(eq(languages.id, request.query.language_id));
      if (!language) throw invalidField('language_id', 'account.unknownLanguage');
      await app.db
        .update(users)
        .set({ languageCode: language.code, updatedAt: new Date() })
        .where(eq(users.id, auth.user.id));
      return { success: true as const };
    },
  );
};
