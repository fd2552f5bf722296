import {
  type CartItemRules,
  groszeToPln,
  type LanguageCode,
  maxCartQuantity,
  type TCartItem,
  type TCartItemUpdate,
  USER_TYPE,
} from '@club/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cartItems, categories, type productTerms, products } from '../../db/schema';
import { preparedOnce } from '../../lib/prepared';
import { mediaUrl } from '../../lib/media';
import { clubToday } from '../../lib/club-day';
import { memberFlags } from '../catalog/member-flags';
import { heldUntilSql } from '../catalog/seat-offers';
import { outer } from '../../lib/outer-column';
import { nameIn } from '../../lib/localized';

type ProductRow = typeof products.$inferSelect;
type CartRow = typeof cartItems.$inferSelect;
type TermRow = typeof productTerms.$inferSelect;

/** The per-member view of an experience in the cart: what may still be booked and by how many. */
export function cartProductState(
  product: ProductRow,
  held: number,
  userId: number,
  /** The end of the seat held for this member (the waiting list), or null. */
  heldUntil: string | null = null,
  today = clubToday(),
) {
  const flags = memberFlags(
    {
      published: product.published,
      startDate: product.startDate,
      totalSeats: product.totalSeats,
      seatsTaken: product.seatsTaken,
      seatsHeld: product.seatsHeld,
      heldUntil,
      memberLimit: product.memberLimit,
      statusLimit: product.statusLimit,
      inCart: false,
      heldQuantity: held,
      notificationSet: false,
    },
    { userId, type: USER_TYPE.CUSTOMER, today },
  );
  const limit = Math.max(0, product.memberLimit - held);
  return { canOrder: flags.can_order, limit, overallLimit: flags.overall_limit, heldUntil: flags.held_until };
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

/**
 * The member's cart lines with everything the rules need, in one prepared query (the seats held
 * from the kept counter and the terms as sub-selects); `lock` holds the cart rows for an order
 * (FOR UPDATE of cart_items only: the experiences' rows are not locked here).
 */
export async function loadCartLines(
  db: Tx,
  userId: number,
  lang: LanguageCode,
  opts: { lock?: boolean } = {},
) {
  const rows = await cartLinesQuery(db, opts.lock === true).execute({ userId });
  return rows.map((r) => toLine(r, Number(r.held), r.heldUntil ?? null, r.terms, userId, lang));
}

function toLine(
  r: { row: CartRow; product: ProductRow; categoryPl: string; categoryEn: string },
  held: number,
  heldUntil: string | null,
  productTermsList: TermRow[],
  userId: number,
  lang: LanguageCode,
): LoadedCartLine {
  const state = cartProductState(r.product, held, userId, heldUntil);
  return {
    row: r.row,
    product: r.product,
    categoryName: lang === 'en' ? r.categoryEn : r.categoryPl,
    terms: productTermsList,
    state,
    rules: rulesFor(state, productTermsList),
  };
}

function cartLinesQuery(db: Tx, lock: boolean) {
  return preparedOnce(db, lock ? 'club_cart_lines_lock' : 'club_cart_lines', (name) => {
    const query = db
      .select({
        row: cartItems,
        product: products,
        categoryPl: categories.namePl,
        categoryEn: categories.nameEn,
        held: sql<number>`coalesce((select m.quantity from member_product_seats m
          where m.user_id = ${outer(cartItems.userId)} and m.product_id = ${outer(products.id)}), 0)::int`,
        heldUntil: heldUntilSql(outer(cartItems.userId)),
        terms: sql<
          TermRow[]
        >`coalesce((select json_agg(json_build_object('id', pt.id, 'productId', pt.product_id,
          'namePl', pt.name_pl, 'nameEn', pt.name_en, 'file', pt.file) order by pt.id)
          from product_terms pt where pt.product_id = ${outer(products.id)}), '[]'::json)`,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(cartItems.userId, sql.placeholder('userId')))
      .orderBy(asc(cartItems.id));
    return (lock ? query.for('update', { of: cartItems }) : query).prepare(name);
  });
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
    price_changed_from:
      row.priceSeenGrosze !== null && row.priceSeenGrosze !== product.priceGrosze
        ? groszeToPln(row.priceSeenGrosze)
        : null,
    product: {
      id: product.id,
      name: nameIn(lang, product),
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
        name: nameIn(lang, t),
        file: t.file,
        file_url: mediaUrl(t.file),
        selected: row.terms.some((a) => a.term_id === t.id && a.value),
      })),
      cart_label: (lang === 'en' ? product.cartLabelEn : product.cartLabelPl) ?? null,
    },
  };
}
