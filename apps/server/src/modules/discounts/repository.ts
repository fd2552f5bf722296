import { DISCOUNT_KIND, groszeToPln, plnToGrosze } from '@club/shared';
import type { TDiscountCode, TDiscountRedemption } from '@club/shared/contract/admin-discounts';
import type { TDiscountCodeValues } from '@club/shared/schemas/admin-discounts';
import type { ZDiscountListQuery } from '@club/shared/schemas/admin-discounts';
import { and, asc, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { discountCodes, orders, users } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import { containsPattern } from '../../lib/text-search';

type Row = typeof discountCodes.$inferSelect;

export function toDiscountCode(row: Row): TDiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.kind === DISCOUNT_KIND.AMOUNT ? groszeToPln(row.amountGrosze) : null,
    percent: row.kind === DISCOUNT_KIND.PERCENT ? row.percent : null,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    max_uses: row.maxUses,
    used: row.usedCount,
    per_member_limit: row.perMemberLimit,
    product_ids: row.productIds,
    member_types: row.memberTypes as TDiscountCode['member_types'],
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

export async function loadDiscountCode(db: Tx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

const SORTS = {
  created_at: discountCodes.createdAt,
  code: discountCodes.code,
  used: discountCodes.usedCount,
} as const;

export async function listDiscountCodes(db: Tx, q: z.output<typeof ZDiscountListQuery>) {
  const filters: SQL[] = [];
  if (q.q) filters.push(ilike(discountCodes.code, containsPattern(q.q)));
  if (q.active) filters.push(eq(discountCodes.isActive, q.active === 'true'));
  const where = filters.length ? and(...filters) : undefined;
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(discountCodes).where(where);
  const order = q.dir === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(discountCodes)
    .where(where)
    .orderBy(order(SORTS[q.sort]), order(discountCodes.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { rows: rows.map(toDiscountCode), total: Number(count?.total ?? 0) };
}

/** The stored values of a body: the code upper-cased; the other kind's value cleared. */
function values(body: TDiscountCodeValues) {
  return {
    code: body.code.toUpperCase(),
    kind: body.kind,
    amountGrosze: body.kind === DISCOUNT_KIND.AMOUNT ? plnToGrosze(body.amount ?? 0) : 0,
    percent: body.kind === DISCOUNT_KIND.PERCENT ? body.percent : null,
    validFrom: body.valid_from,
    validTo: body.valid_to,
    maxUses: body.max_uses,
    perMemberLimit: body.per_member_limit,
    productIds: [...new Set(body.product_ids)].sort((a, b) => a - b),
    memberTypes: [...new Set(body.member_types)].sort(),
  };
}

/** 422 on `code` when another code has the same spelling in any case. */
async function assertCodeFree(tx: Tx, code: string, exceptId?: number) {
  const filters = [sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`];
  if (exceptId) filters.push(ne(discountCodes.id, exceptId));
  const [taken] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(...filters))
    .limit(1);
  if (taken) throw invalidField('code', 'validation.discountCodeTaken');
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Writes in a savepoint, so that a code taken by a concurrent create (the unique index on upper(code))
 * answers the same 422 as the check before it, not a 500.
 */
async function guarded<T>(tx: Tx, write: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('code', 'validation.discountCodeTaken');
    throw error;
  }
}

export async function createDiscountCode(tx: Tx, body: TDiscountCodeValues): Promise<Row> {
  await assertCodeFree(tx, body.code);
  return guarded(tx, async (sp) => (await sp.insert(discountCodes).values(values(body)).returning())[0]!);
}

export async function updateDiscountCode(tx: Tx, id: number, body: TDiscountCodeValues): Promise<Row> {
  await assertCodeFree(tx, body.code, id);
  return guarded(
    tx,
    async (sp) =>
      (await sp.update(discountCodes).set(values(body)).where(eq(discountCodes.id, id)).returning())[0]!,
  );
}

/** The latest orders placed with a code (every status: expired and cancelled ones say so). */
export async function listRedemptions(db: Tx, id: number): Promise<TDiscountRedemption[]> {
  const rows = await db
    .select({
      order: orders,
      member: { id: users.id, name: users.name, surname: users.surname, email: users.email },
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.discountCodeId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return rows.map(({ order, member }) => ({
    order_id: order.id,
    member: member?.id
      ? { id: member.id, name: `${member.name} ${member.surname}`.trim(), email: member.email }
      : null,
    discount: groszeToPln(order.discountGrosze),
    total: groszeToPln(order.totalGrosze),
    status: order.status,
    created_at: order.createdAt.toISOString(),
  }));
}
