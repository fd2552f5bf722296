import {
  type CartItemRules,
  groszeToPln,
  type LanguageCode,
  maxCartQuantity,
  type TCartItem,
  type TCartItemUpdate,
} from '@club/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cartItems, categories, memberProductSeats, productTerms, products } from '../../db/schema';
import { preparedOnce } from '../../lib/prepared';
import { mediaUrl } from '../catalog/media';
import { clubToday } from '../../lib/club-day';
import { memberFlags } from '../catalog/member-flags';

type ProductRow = typeof products.$inferSelect;
type CartRow = typeof cartItems.$inferSelect;
type TermRow = typeof productTerms.$inferSelect;

/**
 * Seats a member holds per experience in orders waiting for payment or paid: the kept counter
 * (`member_product_seats`), one prepared index lookup whatever the length of the order history.
 */
export async function heldQuantities(
  db: Tx,
  userId: number,
  productIds: number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const query = preparedOnce(db, 'club_member_seats', (name) =>
    db
      .select({ productId: memberProductSeats.productId, quantity: memberProductSeats.quantity })
      .from(memberProductSeats)
      .where(eq(memberProductSeats.userId, sql.placeholder('userId')))
      .prepare(name),
  );
  const wanted = new Set(productIds);
  const rows = await query.execute({ userId });
  return new Map(rows.filter((r) => wanted.has(r.productId)).map((r) => [r.productId, Number(r.quantity)]));
}

export async function termsOf(db: Tx, productIds: number[]): Promise<Map<number, TermRow[]>> {
  const map = new Map<number, TermRow[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select()
    .from(productTerms)
    .where(inArray(productTerms.productId, productIds))
    .orderBy(asc(productTerms.id));
  for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), row]);
  return map;
}

/** The per-member view of an experience in the cart: what may still be booked and by how many. */
export function cartProductState(product: ProductRow, held: number, userId: number, today = clubToday()) {
  const flags = memberFlags(
    {
      published: product.published,
      startDate: product.startDate,
      totalSeats: product.totalSeats,
      seatsTaken: product.seatsTaken,
      memberLimit: product.memberLimit,
      statusLimit: product.statusLimit,
      inCart: false,
      heldQuantity: held,
      notificationSet: false,
    },
    { userId, type: 'CUSTOMER', today },
  );
  const limit = Math.max(0, product.memberLimit - held);
  return { canOrder: flags.can_order, limit, overallLimit: flags.overall_limit };
}

export function rulesFor(
  state: { limit: number; overallLimit: number | null },
  terms: TermRow[],
): CartItemRules {
  return {
    maxQuantity: maxCartQuantity({ limit: state.limit, overall_limit: state.overallLimit }),
    termIds: terms.map((t) => t.id),
  };
}

export function storedItem(row: CartRow): TCartItemUpdate {
  return {
    quantity: row.quantity,
    cart_label_answer: row.cartLabelAnswer,
    persons: row.persons,
    terms: row.terms,
  };
}

export type LoadedCartLine = {
  row: CartRow;
  product: ProductRow;
  categoryName: string;
  terms: TermRow[];
  state: ReturnType<typeof cartProductState>;
  rules: CartItemRules;
};

/** The member's cart lines with everything the rules need; `lock` holds the cart rows for an order. */
export async function loadCartLines(
  db: Tx,
  userId: number,
  lang: LanguageCode,
  opts: { lock?: boolean } = {},
) {
  if (!opts.lock) return readCartLines(db, userId, lang);
  const base = db
    .select({
      row: cartItems,
      product: products,
      categoryPl: categories.namePl,
      categoryEn: categories.nameEn,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  const rows = await base.for('update', { of: cartItems });
  const productIds = rows.map((r) => r.product.id);
  const [held, terms] = await Promise.all([heldQuantities(db, userId, productIds), termsOf(db, productIds)]);
  return rows.map((r) => toLine(r, held.get(r.product.id) ?? 0, terms.get(r.product.id) ?? [], userId, lang));
}

function toLine(
  r: { row: CartRow; product: ProductRow; categoryPl: string; categoryEn: string },
  held: number,
  productTermsList: TermRow[],
  userId: number,
  lang: LanguageCode,
): LoadedCartLine {
  const state = cartProductState(r.product, held, userId);
  return {
    row: r.row,
    product: r.product,
    categoryName: lang === 'en' ? r.categoryEn : r.categoryPl,
    terms: productTermsList,
    state,
    rules: rulesFor(state, productTermsList),
  };
}

/**
 * The same lines without a lock, in one prepared query (the seats held and the terms as sub-selects):
 * the cart page reads them on every visit.
 */
async function readCartLines(db: Tx, userId: number, lang: LanguageCode) {
  const query = preparedOnce(db, 'club_cart_lines', (name) =>
    db
      .select({
        row: cartItems,
        product: products,
        categoryPl: categories.namePl,
        categoryEn: categories.nameEn,
        held: sql<number>`coalesce((select m.quantity from member_product_seats m
          where m.user_id = ${cartItems.userId} and m.product_id = ${products.id}), 0)::int`,
        terms: sql<
          TermRow[]
        >`coalesce((select json_agg(json_build_object('id', pt.id, 'productId', pt.product_id,
          'namePl', pt.name_pl, 'nameEn', pt.name_en, 'file', pt.file) order by pt.id)
          from product_terms pt where pt.product_id = ${products.id}), '[]'::json)`,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(cartItems.userId, sql.placeholder('userId')))
      .orderBy(asc(cartItems.id))
      .prepare(name),
  );
  const rows = await query.execute({ userId });
  return rows.map((r) => toLine(r, Number(r.held), r.terms, userId, lang));
}

export function toCartItem(line: LoadedCartLine, lang: LanguageCode, isFilled: boolean): TCartItem {
  const { row, product, state } = line;
  return {
    id: row.id,
    quantity: row.quantity,
    is_filled: isFilled,
    cart_label_answer: row.cartLabelAnswer,
    persons: row.persons,
    terms: row.terms,
    product: {
      id: product.id,
      name: lang === 'en' ? product.nameEn : product.namePl,
      alias: product.alias,
      category_name: line.categoryName,
      type: product.type,
      start_date: product.startDate,
      end_date: product.endDate,
      start_time: product.startTime,
      price: groszeToPln(product.priceGrosze),
      limit: state.limit,
      overall_limit: state.overallLimit,
      can_order: state.canOrder,
      terms: line.terms.map((t) => ({
        id: t.id,
        name: lang === 'en' ? t.nameEn : t.namePl,
        file: t.file,
        file_url: mediaUrl(t.file),
        selected: row.terms.some((a) => a.term_id === t.id && a.value),
      })),
      cart_label: (lang === 'en' ? product.cartLabelEn : product.cartLabelPl) ?? null,
    },
  };
}
