import { DISCOUNT_KIND, HOLDING_ORDER_STATUSES, RATE_LIMITS } from '@club/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { discountCodes, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { clubToday } from '../../lib/club-day';
import { enforceLimits, type RateLimiter } from '../../lib/rate-limit';

export const discountInactive = () =>
  new AppError(
    422,
    'DISCOUNT_INACTIVE',
    'cart.discountInactive',
    {},
    { discount_code: ['cart.discountInactive'] },
  );

/** The member has used the code as often as it allows them (its other uses may still be open). */
const discountUsed = () =>
  new AppError(422, 'DISCOUNT_USED', 'cart.discountUsed', {}, { discount_code: ['cart.discountUsed'] });

/**
 * The code if this member may use it now: active, within its dates, uses left club-wide and for
 * the member (orders that were cancelled give their use back). `lock` holds the row for an order.
 */
export async function findUsableDiscountCode(
  db: Tx,
  code: string,
  user: { id: number; type: string },
  opts: { lock?: boolean } = {},
) {
  const userId = user.id;
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
  if (row.memberTypes.length > 0 && !row.memberTypes.includes(user.type)) throw discountInactive();
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
  if (Number(mine?.count ?? 0) >= row.perMemberLimit) throw discountUsed();
  return row;
}

type DiscountRow = typeof discountCodes.$inferSelect;

/**
 * The discount in grosze a code gives on these cart lines: only the lines of the experiences the
 * code names count (none named = all); a percentage is rounded to the grosz; never more than the
 * lines cost, never negative. A code that names experiences, none of them in the cart, is refused
 * like an inactive one.
 */
export function discountGrosze(
  code: Pick<DiscountRow, 'kind' | 'amountGrosze' | 'percent' | 'productIds'>,
  lines: { productId: number; priceGrosze: number; quantity: number }[],
): number {
  const eligible = lines.filter((l) => code.productIds.length === 0 || code.productIds.includes(l.productId));
  if (code.productIds.length > 0 && eligible.length === 0) throw discountInactive();
  const base = eligible.reduce((sum, l) => sum + l.priceGrosze * Math.max(1, l.quantity), 0);
  const off =
    code.kind === DISCOUNT_KIND.PERCENT ? Math.round((base * (code.percent ?? 0)) / 100) : code.amountGrosze;
  return Math.max(0, Math.min(off, base));
}

/**
 * Runs a step that tries a member's code, counting it against the wrong-code limits (per member
 * and per address, docs/security.md): every try is counted first (so parallel guesses cannot slip
 * past), and given back unless the code turned out wrong. 429 once either budget is spent.
 */
export async function withWrongCodeLimit<T>(
  limiter: RateLimiter,
  who: { userId: number; ip: string },
  step: () => Promise<T>,
): Promise<T> {
  const keys = [
    { key: `discount:user:${who.userId}`, limit: RATE_LIMITS.discountCode },
    { key: `discount:address:${who.ip}`, limit: RATE_LIMITS.discountCodePerAddress },
  ];
  await enforceLimits(limiter, keys);
  let wrong = false;
  try {
    return await step();
  } catch (error) {
    wrong = error instanceof AppError && error.code === 'DISCOUNT_INACTIVE';
    throw error;
  } finally {
    if (!wrong) for (const { key } of keys) await limiter.release(key);
  }
}
