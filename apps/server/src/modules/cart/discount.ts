import { HOLDING_ORDER_STATUSES } from '@club/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { discountCodes, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { clubToday } from '../../lib/club-day';

export const discountInactive = () =>
  new AppError(
    422,
    'DISCOUNT_INACTIVE',
    'cart.discountInactive',
    {},
    { discount_code: ['cart.discountInactive'] },
  );

/**
 * The code if this member may use it now: active, within its dates, uses left club-wide and for
 * the member (orders that were cancelled give their use back). `lock` holds the row for an order.
 */
export async function findUsableDiscountCode(
  db: Tx,
  code: string,
  userId: number,
  opts: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${code.trim().toUpperCase()}`)
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row?.isActive) throw discountInactive();
  const today = clubToday();
  if ((row.validFrom && row.validFrom > today) || (row.validTo && row.validTo < today))
    throw discountInactive();
  if (row.maxUses !== null && row.usedCount >= row.maxUses) throw discountInactive();
  const [mine] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.discountCodeId, row.id),
        inArray(orders.status, HOLDING_ORDER_STATUSES),
      ),
    );
  if (Number(mine?.count ?? 0) >= row.perMemberLimit) throw discountInactive();
  return row;
}
