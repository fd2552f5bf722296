import { ORDER_STATUS, PUBLISHED_ON_SALE, type OrderStatus } from '@club/shared';
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { randomToken } from '../../lib/tokens';
import { clubToday } from '../../lib/club-day';
import { discountCodes, orderItems, orders, products } from '../schema';
import type { SeedContext } from './index';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Discount codes of DESIGN.md §7 and the demo customer's orders in every status. Runs after the
 * catalogue seed and uses its experiences: past ones for the history, a future one for the order
 * that waits for payment (held a week, so the state can be seen after `npm start`).
 */
export async function seedSalesDemo({ db, accounts }: SeedContext): Promise<void> {
  await db
    .insert(discountCodes)
    .values([
      { code: 'CLUB100', amountGrosze: 10_000, isActive: true, perMemberLimit: 1 },
      { code: 'EXPIRED', amountGrosze: 5_000, isActive: false, perMemberLimit: 1 },
    ])
    .onConflictDoNothing();

  const today = clubToday();
  const past = await db
    .select()
    .from(products)
    .where(lt(products.startDate, today))
    .orderBy(desc(products.startDate))
    .limit(3);
  const [future] = await db
    .select()
    .from(products)
    .where(
      and(
        gt(products.startDate, today),
        eq(products.published, PUBLISHED_ON_SALE),
        or(isNull(products.totalSeats), gt(products.totalSeats, sql`${products.seatsTaken} + 4`)),
      ),
    )
    .orderBy(desc(products.startDate), asc(products.id))
    .limit(1);

  const now = Date.now();
  const place = async (
    product: typeof products.$inferSelect,
    status: OrderStatus,
    quantity: number,
    daysAgo: number,
  ) => {
    const createdAt = new Date(now - daysAgo * DAY_MS);
    const total = product.priceGrosze * quantity;
    const [order] = await db
      .insert(orders)
      .values({
        userId: accounts.customer,
        status,
        productType: product.type,
        totalGrosze: total,
        buyer: { name: 'Jan', surname: 'Kowalski', email: 'customer@example.com', phone: '601234567' },
        paymentProvider: 'sandbox',
        paymentRef: randomToken(24),
        createdAt,
        expiresAt: status === ORDER_STATUS.WAITING_PAYMENT ? new Date(now + 7 * DAY_MS) : null,
        paidAt: status === ORDER_STATUS.PAID ? new Date(createdAt.getTime() + 5 * 60_000) : null,
        cancelledAt: status === ORDER_STATUS.CANCELLED ? new Date(createdAt.getTime() + 30 * 60_000) : null,
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      productName: product.namePl,
      productStartDate: product.startDate,
      quantity,
      priceGrosze: product.priceGrosze,
      persons: quantity > 1 ? [{ name: 'Anna', surname: 'Kowalska' }] : [],
    });
    if (status !== ORDER_STATUS.CANCELLED && product.startDate > today) {
      await db
        .update(products)
        .set({ seatsTaken: sql`${products.seatsTaken} + ${quantity}` })
        .where(eq(products.id, product.id));
    }
  };

  if (past[0]) await place(past[0], ORDER_STATUS.PAID, 2, 120);
  if (past[1]) await place(past[1], ORDER_STATUS.CANCELLED, 1, 90);
  if (past[2]) await place(past[2], ORDER_STATUS.PAID, 1, 60);
  if (future) await place(future, ORDER_STATUS.WAITING_PAYMENT, 1, 0);
}
