import { bonusContract as contract } from '@club/shared/contract/bonus';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bonusSignups, taxOffices, users } from '../../db/schema';
import { conflict, invalidField } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
import { sealPesel } from '../../lib/pesel-store';
import { keyringOf } from '../../lib/pii-crypto';
import { requireAuth } from '../../plugins/session';

const alreadyJoined = () => conflict('BONUS_ALREADY_JOINED', 'bonus.alreadyJoined');
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The dealer's bonus programme (SPEC.md §7): behind the password re-entry, like the customer list. */
export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.taxOffices),
    handler: async () => {
      const rows = await app.db
        .select({ id: taxOffices.id, name: taxOffices.name, city: taxOffices.city })
        .from(taxOffices)
        .orderBy(asc(taxOffices.city), asc(taxOffices.name));
      return { success: true as const, data: rows };
    },
  });

  app.route({
    ...routeOf(contract.store),
    handler: async (request) => {
      const auth = requireAuth(request);
      const form = request.body;
      if (auth.user.hasBonus) throw alreadyJoined();
      await app.db.transaction(async (tx) => {
        if (form.tax_office) {
          const [office] = await tx
            .select({ id: taxOffices.id })
            .from(taxOffices)
            .where(eq(taxOffices.name, form.tax_office))
            .limit(1);
          if (!office) throw invalidField('tax_office', 'bonus.unknownTaxOffice');
        }
        try {
          await tx.insert(bonusSignups).values({
            dealerId: auth.user.id,
            name: form.name,
            surname: form.surname,
            email: form.email,
            phone: form.phone,
            address: form.address,
            postCode: form.post_code,
            city: form.city,
            // Sealed (docs/privacy.md); the dealer never reads it back: the form is sent once.
            ...sealPesel(keyringOf(app.config), auth.user.id, form.pesel ?? null),
            taxNumber: form.tax_number,
            taxationForm: form.taxation_form,
            taxOffice: form.tax_office,
            correspondenceAddress: form.correspondence_address,
            term1: form.term_1,
            term2: form.term_2,
            term3: form.term_3,
            term4: form.term_4,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw alreadyJoined();
          throw error;
        }
        await tx
          .update(users)
          .set({ hasBonus: true, updatedAt: new Date() })
          .where(eq(users.id, auth.user.id));
        const lang = request.lang;
        await app.mailer.queue(tx, {
          template: 'bonus-joined',
          to: auth.user.email,
          language: lang,
          data: { form: form.taxation_form, office: form.tax_office ?? null },
        });
      });
      app.mailer.flushInBackground(app.db);
      return { success: true as const, data: { has_bonus: true as const } };
    },
  });
};
