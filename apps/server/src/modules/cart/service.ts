import { cartItemIssues, type LanguageCode, PUBLISHED_HIDDEN, type TCartItemUpdate } from '@club/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cartItems, products } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { preparedOnce } from '../../lib/prepared';
import { heldUntilSql } from '../catalog/seat-offers';
import { cartProductState, loadCartLines } from './repository';
import { outer } from '../../lib/outer-column';
import { announceMemberChange } from '../../lib/member-notice';
import type { FastifyInstance } from 'fastify';

/**
 * The experience with the member's state for an add to cart, in one prepared query: whether it is
 * already in the cart and the seats the member holds (the kept counter). No row is locked: the
 * insert's foreign-key check shares the product's row with any order that is taking its seats.
 */
function addToCartQuery(db: Tx) {
  return preparedOnce(db, 'club_cart_add_product', (name) =>
    db
      .select({
        product: products,
        inCart: sql<boolean>`exists (select 1 from cart_items ci
          where ci.user_id = ${sql.placeholder('userId')} and ci.product_id = ${outer(products.id)})`,
        held: sql<number>`coalesce((select m.quantity from member_product_seats m
          where m.user_id = ${sql.placeholder('userId')} and m.product_id = ${outer(products.id)}), 0)::int`,
        heldUntil: heldUntilSql(sql.placeholder('userId')),
      })
      .from(products)
      .where(eq(products.id, sql.placeholder('productId')))
      .limit(1)
      .prepare(name),
  );
}

function insertCartItemQuery(db: Tx) {
  return preparedOnce(db, 'club_cart_add_insert', (name) =>
    db
      .insert(cartItems)
      .values({
        userId: sql.placeholder('userId'),
        productId: sql.placeholder('productId'),
        quantity: 1,
        priceSeenGrosze: sql.placeholder('price'),
      })
      .onConflictDoNothing()
      .returning({ id: cartItems.id })
      .prepare(name),
  );
}

/** Adds one experience to the member's cart (one line per experience, quantity 1 to start). */
export async function addToCart(db: Tx, userId: number, productId: number): Promise<number> {
  const [found] = await addToCartQuery(db).execute({ userId, productId });
  if (!found || found.product.published === PUBLISHED_HIDDEN) throw notFound();
  if (found.inCart) throw conflict('ALREADY_IN_CART', 'cart.alreadyInCart');
  const state = cartProductState(found.product, Number(found.held), userId, found.heldUntil ?? null);
  if (!state.canOrder) throw conflict('PRODUCT_UNAVAILABLE', 'cart.productUnavailable');
  const [row] = await insertCartItemQuery(db).execute({
    userId,
    productId,
    price: found.product.priceGrosze,
  });
  if (!row) throw conflict('ALREADY_IN_CART', 'cart.alreadyInCart');
  return row.id;
}

/** Turns rule issues into the 422 envelope: fields named by their path ("persons.0.name"). */
export function cartItemError(issues: ReturnType<typeof cartItemIssues>): AppError {
  const fieldErrors: Record<string, string[]> = {};
  let params: Record<string, unknown> = {};
  for (const issue of issues) {
    const field = issue.path.join('.');
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    if (issue.params) params = { ...params, ...issue.params };
  }
  return new AppError(422, 'VALIDATION', 'common.validation', params, fieldErrors);
}

/** Saves the member's data of one cart line; refused as a whole when any rule fails. */
export async function updateCartItem(
  app: FastifyInstance,
  db: Tx,
  userId: number,
  itemId: number,
  input: TCartItemUpdate,
  lang: LanguageCode,
) {
  const line = (await loadCartLines(db, userId, lang)).find((l) => l.row.id === itemId);
  if (!line) throw notFound();
  const issues = cartItemIssues(input, line.rules);
  if (issues.length > 0) throw cartItemError(issues);
  await db
    .update(cartItems)
    .set({
      quantity: input.quantity,
      cartLabelAnswer: input.cart_label_answer,
      // Only the accompanying persons the quantity asks for, and only this product's terms.
      persons: input.persons
        .slice(0, input.quantity - 1)
        .map((p) => ({ name: p.name.trim(), surname: p.surname.trim() })),
      terms: line.rules.termIds.map((id) => ({
        term_id: id,
        value: input.terms.some((t) => t.term_id === id && t.value),
      })),
      isFilled: true,
    })
    .where(
      and(
        eq(cartItems.id, itemId),
        eq(cartItems.userId, userId),
        // Its triggers' NOTIFY is sent after the commit instead (migration 0031, lib/member-notice.ts).
        sql`set_config('club.member_notice', 'after_commit', true) is not null`,
      ),
    );
  announceMemberChange(app);
}

export async function removeCartItem(db: Tx, userId: number, itemId: number) {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound();
}

/** The member has seen the line's current price: the cart stops saying it changed (404 for another's line). */
export async function acknowledgePrice(db: Tx, userId: number, itemId: number) {
  const found = await db
    .update(cartItems)
    .set({
      priceSeenGrosze: sql`(select p.price_grosze from products p where p.id = cart_items.product_id)`,
    })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (found.length === 0) throw notFound();
}
