import { ORDER_STATUS } from '@club/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders, outbox, users } from '../../db/schema';

/**
 * Removes a member's account for good (docs/decisions/account-removal.md): orders stay for the club's
 * accounting with an anonymised buyer and no guest names, invoice data stays only on paid invoiced
 * orders (a legal record), mails to the address are erased, and deleting the user row ends every
 * session and drops the profile, consents, interests, cart, tokens and waiting-list wishes (cascade).
 * The e-mail address is free to register again.
 */
export async function removeAccount(db: Tx, userId: number): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  if (!user) return false;
  const removedAt = new Date();

  const memberOrders = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  const orderIds = memberOrders.map((o) => o.id);
  if (orderIds.length > 0) {
    await db
      .update(orders)
      .set({ buyer: { anonymised: true, removed_at: removedAt.toISOString() } })
      .where(inArray(orders.id, orderIds));
    await db
      .update(orders)
      .set({ invoiceData: null })
      .where(and(inArray(orders.id, orderIds), ne(orders.status, ORDER_STATUS.PAID)));
    await db
      .update(orders)
      .set({ invoiceData: null })
      .where(and(inArray(orders.id, orderIds), eq(orders.isInvoice, false)));
    await db
      .update(orderItems)
      .set({ persons: sql`'[]'::jsonb`, cartLabelAnswer: null })
      .where(inArray(orderItems.orderId, orderIds));
  }
  await db.delete(outbox).where(sql`lower(${outbox.to}) = ${user.email.toLowerCase()}`);
  await db.delete(users).where(eq(users.id, userId));
  return true;
}
