import { LANGUAGES, type LanguageCode } from '@club/shared';
import { languagesContract as contract } from '@club/shared/contract/languages';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languages, users } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Public: the sign-in page offers the language switch too. Sorted by code descending (SPEC.md §7). */
  app.route({
    ...routeOf(contract.languages),
    handler: async () => {
      const rows = await app.db
        .select({ id: languages.id, code: languages.code })
        .from(languages)
        .orderBy(desc(languages.code));
      // The panel speaks the languages of LANGUAGES only; a row of another code is never offered.
      const data = rows.filter((row): row is { id: number; code: LanguageCode } =>
        (LANGUAGES as readonly string[]).includes(row.code),
      );
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.updateLanguage),
    handler: async (request) => {
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
  });
};
