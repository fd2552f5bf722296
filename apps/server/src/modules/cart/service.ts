import { cartItemIssues, type LanguageCode, PUBLISHED_HIDDEN, type TCartItemUpdate } from '@club/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cartItems, products } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { cartProductState, heldQuantities, loadCartLines } from './repository';

/** Adds one experience to the member's cart (one line per experience, quantity 1 to start). */
export async function addToCart(db: Tx, userId: number, productId: number): Promise<number> {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product || product.published === PUBLISHED_HIDDEN) throw notFound();
  const [existing] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .limit(1);
  if (existing) throw conflict('ALREADY_IN_CART', 'cart.alreadyInCart');
  const held = (await heldQuantities(db, userId, [productId])).get(productId) ?? 0;
  const state = cartProductState(product, held, userId);
  if (!state.canOrder) throw conflict('PRODUCT_UNAVAILABLE', 'cart.productUnavailable');
  const [row] = await db
    .insert(cartItems)
    .values({ userId, productId, quantity: 1 })
    .onConflictDoNothing()
    .returning({ id: cartItems.id });
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
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
}

export async function removeCartItem(db: Tx, userId: number, itemId: number) {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound();
}
