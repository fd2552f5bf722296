import { experiencePagePath } from '@club/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { categories, productNotifications, products, users } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { nameIn } from '../../lib/localized';

/**
 * Sends the one waiting-list mail to every member who asked about this experience and has not
 * been told yet (DESIGN.md §6): call it inside the transaction that published the experience or
 * freed its seats, then flush the mailer after commit.
 */
export async function notifyWaitingList(
  tx: Tx,
  mailer: Mailer,
  productId: number,
  publicUrl: string,
): Promise<number> {
  const [row] = await tx
    .select({ product: products, category: categories })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!row) return 0;
  const { product, category } = row;
  const waiting = await tx
    .select({ userId: users.id, email: users.email, language: users.languageCode })
    .from(productNotifications)
    .innerJoin(users, eq(users.id, productNotifications.userId))
    .where(and(eq(productNotifications.productId, productId), isNull(productNotifications.notifiedAt)));
  for (const member of waiting) {
    const lang = member.language === 'en' ? 'en' : 'pl';
    const name = nameIn(lang, product);
    const categoryName = nameIn(lang, category);
    const url = `${publicUrl}${experiencePagePath(categoryName, product.id, name)}`;
    await mailer.queue(tx, {
      template: 'waiting-list',
      to: member.email,
      language: lang,
      data: { name, url },
    });
    await tx
      .update(productNotifications)
      .set({ notifiedAt: new Date() })
      .where(
        and(eq(productNotifications.productId, productId), eq(productNotifications.userId, member.userId)),
      );
  }
  return waiting.length;
}
