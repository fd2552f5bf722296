import type { TDeskOrderRow } from '@club/shared/contract/admin-orders';
import { groszeToPln, type LanguageCode, refundStateOf } from '@club/shared';
import { DESK_COUNT_CAP, type TDeskOrderListValues } from '@club/shared/schemas/admin-orders';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { discountCodes, memberSearchText, orderItems, orders, products, users } from '../../db/schema';
import { pageMeta } from '../../lib/page-meta';
import { outer } from '../../lib/outer-column';
import { nameIn } from '../../lib/localized';

const MAX_ID = 2_147_483_647;
/** A member filter matching more accounts than this is too vague: the first ones are used. */
const MEMBER_MATCHES = 500;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Midnight of a club day (Europe/Warsaw) as an instant. */
const clubMidnight = (day: string) => sql`((${day})::date)::timestamp at time zone 'Europe/Warsaw'`;

/** Online through the operator, by bank transfer at the desk, or not paid. */
export const paidByOf = (o: { paidAt: Date | null; bankTransferRef: string | null }) =>
  o.paidAt === null ? null : o.bankTransferRef !== null ? ('BANK_TRANSFER' as const) : ('ONLINE' as const);

/**
 * The filters of the desk's list, each served by an index (migration 0010): status and placed dates
 * by (status, created_at, id) or (created_at, id); the experience by order_items' product index; the
 * member through users, then (user_id, created_at); the code by (discount_code_id, created_at).
 */
async function whereOf(db: Tx, q: TDeskOrderListValues): Promise<SQL | undefined | 'none'> {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(orders.status, q.status));
  // Refunded orders are few: read through the partial index on (created_at, id) where refunded_grosze > 0.
  if (q.refund) filters.push(sql`${orders.refundedGrosze} > 0`);
  if (q.refund === 'PARTIAL') filters.push(sql`${orders.refundedGrosze} < ${orders.totalGrosze}`);
  if (q.refund === 'FULL') filters.push(sql`${orders.refundedGrosze} >= ${orders.totalGrosze}`);
  if (q.from) filters.push(gte(orders.createdAt, clubMidnight(q.from)));
  if (q.to) filters.push(lt(orders.createdAt, sql`${clubMidnight(q.to)} + interval '1 day'`));
  if (q.product_id)
    filters.push(
      sql`exists (select 1 from ${orderItems} where ${outer(orderItems.orderId)} = ${outer(orders.id)} and ${outer(orderItems.productId)} = ${q.product_id})`,
    );
  // The member and the code are looked up first: the orders are then read by (user_id, created_at)
  // or (discount_code_id, created_at) with known values, never joined against a pattern.
  if (q.member) {
    const words = q.member.split(/\s+/).filter(Boolean);
    // A whole e-mail address is one lookup in users' unique index on lower(email); other words
    // match part of the name, surname or e-mail through the trigram index (migration 0016).
    const each = words.map((word) => {
      if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(word)) return sql`lower(${users.email}) = lower(${word})`;
      return sql`${memberSearchText(users)} like ${`%${escapeLike(word.toLowerCase())}%`}`;
    });
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(...each))
      .limit(MEMBER_MATCHES);
    if (found.length === 0) return 'none';
    filters.push(
      inArray(
        orders.userId,
        found.map((u) => u.id),
      ),
    );
  }
  if (q.code) {
    const [code] = await db
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(sql`lower(${discountCodes.code}) = lower(${q.code})`)
      .limit(1);
    if (!code) return 'none';
    filters.push(eq(orders.discountCodeId, code.id));
  }
  if (q.q) {
    // Each alternative has its index (the key, payment_ref, provider_order_id, lower(bank_transfer_ref)).
    const text = q.q.replace(/^#/, '').trim();
    const either: SQL[] = [eq(orders.paymentRef, text), eq(orders.providerOrderId, text)];
    if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_ID) either.push(eq(orders.id, Number(text)));
    either.push(sql`lower(${orders.bankTransferRef}) = lower(${text})`);
    filters.push(or(...either)!);
  }
  return filters.length ? and(...filters) : undefined;
}

/**
 * A page of the desk's orders. The total is a bounded count (at most DESK_COUNT_CAP + 1 rows are
 * counted, through the same index as the page), so a filter that matches the whole table costs no
 * more than ten thousand index entries.
 */
export async function listDeskOrders(db: Tx, q: TDeskOrderListValues, lang: LanguageCode) {
  const where = await whereOf(db, q);
  if (where === 'none') return { data: [], meta: pageMeta(q.page, q.per_page, 0), total_capped: false };
  const counted = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(DESK_COUNT_CAP + 1)
    .as('counted');
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(counted)) as [{ n: number }];
  const total = Math.min(Number(n), DESK_COUNT_CAP);
  const dir = q.dir === 'asc' ? asc : desc;
  const order = {
    created_at: [dir(orders.createdAt), dir(orders.id)],
    total: [dir(orders.totalGrosze), dir(orders.id)],
    id: [dir(orders.id)],
  }[q.sort];
  const rows = await db
    .select({
      order: orders,
      userId: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      code: discountCodes.code,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
    .where(where)
    .orderBy(...order)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const ids = rows.map((r) => r.order.id);
  const lines = ids.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          name: orderItems.productName,
          namePl: products.namePl,
          nameEn: products.nameEn,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id))
    : [];
  const data: TDeskOrderRow[] = rows.map(({ order, userId, name, surname, email, code }) => {
    const own = lines.filter((l) => l.orderId === order.id);
    return {
      id: order.id,
      created_at: order.createdAt.toISOString(),
      status: order.status,
      member:
        userId === null
          ? null
          : { id: userId, name: `${name ?? ''} ${surname ?? ''}`.trim(), email: email ?? '' },
      experiences: own.map((l) => nameIn(lang, l) ?? l.name),
      seats: own.reduce((sum, l) => sum + l.quantity, 0),
      total: groszeToPln(order.totalGrosze),
      refunded: groszeToPln(order.refundedGrosze),
      refund_state: refundStateOf(order.totalGrosze, order.refundedGrosze),
      discount_code: code,
      is_invoice: order.isInvoice,
      paid_by: paidByOf(order),
      expires_at: order.expiresAt?.toISOString() ?? null,
    };
  });
  return {
    data,
    meta: pageMeta(q.page, q.per_page, total),
    total_capped: Number(n) > DESK_COUNT_CAP,
  };
}

/** The experiences the list's filter offers, newest first (bounded). */
export async function deskOptions(db: Tx) {
  const rows = await db
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
    })
    .from(products)
    .orderBy(desc(products.startDate), desc(products.id))
    .limit(500);
  return {
    experiences: rows.map((r) => ({
      id: r.id,
      name_pl: r.namePl,
      name_en: r.nameEn,
      start_date: r.startDate,
    })),
  };
}
