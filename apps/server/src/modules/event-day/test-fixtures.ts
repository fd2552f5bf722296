import type { Client, TestApp } from '../../../test/helpers';
import { payOnline, placeDeskOrder } from '../sales-desk/test-fixtures';

/**
 * The event-day tests' shared set-up (issue 29): a paid booking and the list a gate serves, the way
 * staff reach it (the gate's own read of the experiences).
 */

/** A paid booking of `quantity` seats (the member and quantity − 1 persons), paid online. */
export async function paidBooking(app: TestApp['app'], opts: { quantity?: number; productId?: number } = {}) {
  const quantity = opts.quantity ?? 2;
  const placed = await placeDeskOrder(app, {
    quantity,
    productId: opts.productId,
    product: { memberLimit: 3 },
  });
  await payOnline(app, placed.paymentUrl, 150_000 * quantity);
  return placed;
}

/** The experience's default check-in list, as the gate's list of experiences gives it. */
export async function defaultListOf(staff: Client, productId: number): Promise<number> {
  const experiences = (await staff.get('/admin/check-in/experiences')).json().data as {
    id: number;
    lists: { id: number; is_default: boolean }[];
  }[];
  return experiences.find((e) => e.id === productId)!.lists.find((l) => l.is_default)!.id;
}
