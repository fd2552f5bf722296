import {
  cartItemIssues,
  isInvoiceDataComplete,
  groszeToPln,
  type LanguageCode,
  type OrderEventKind,
  type TPlaceOrder,
  type TPlaceOrderResult,
  ORDER_EVENT_KIND,
  ORDER_STATUS,
} from '@club/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { FastifyInstance } from 'fastify';
import { customers, orderItems, orders, products } from '../../db/schema';
import { AppError, conflict } from '../../lib/app-error';
import { randomToken } from '../../lib/tokens';
import type { UserRow } from '../../types';
import { discountGrosze, findUsableDiscountCode } from '../cart/discount';
import { loadCartLines, storedItem } from '../cart/repository';
import { executeNamed, preparedOnce } from '../../lib/prepared';
import { notifyUrlOf, type PaymentProvider, returnPathOf } from '../../lib/payment-provider';
import { mailPaid, type OrderRow } from './lifecycle';
import { issueTickets } from '../event-day/tickets';
import { recordOrderEvent } from './timeline';
import { invoiceFields } from '../account/repository';
import { takeSeatsWithOffer } from '../catalog/seat-offers';
import { announceMemberChange } from '../../lib/member-notice';
import { nameIn } from '../../lib/localized';

const INVOICE_FIELDS = [
  'invoiceCompanyName',
  'invoiceStreet',
  'invoiceBuildingNumber',
  'invoicePostCode',
  'invoiceCity',
  'taxNumberPrefix',
  'taxNumber',
] as const;

/**
 * Takes `quantity` seats of an experience if that many are left; false when they are not. One
 * conditional update, prepared once: the row is locked only from here to the commit, so buyers of
 * the same experience wait on each other for the tail of their transactions, never across the cart.
 */
async function takeSeats(tx: Tx, productId: number, quantity: number): Promise<boolean> {
  const query = preparedOnce(tx, 'club_take_seats', (name) =>
    tx
      .update(products)
      .set({ seatsTaken: sql`${products.seatsTaken} + ${sql.placeholder('quantity')}::int` })
      .where(
        and(
          eq(products.id, sql.placeholder('id')),
          // Seats held for the waiting list are not anyone's to take (docs/waiting-list.md).
          sql`(${products.totalSeats} is null or ${products.seatsTaken} + ${products.seatsHeld} + ${sql.placeholder('quantity')}::int <= ${products.totalSeats})`,
        ),
      )
      .returning({ id: products.id })
      .prepare(name),
  );
  return (await query.execute({ id: productId, quantity })).length > 0;
}

type OrderLine = {
  cartItemId: number;
  productId: number;
  productName: string;
  productStartDate: string | null;
  quantity: number;
  priceGrosze: number;
  vatRate: number;
  persons: unknown[];
  terms: unknown[];
  cartLabelAnswer: string | null;
};

/**
 * The order's writes in one statement: the order, its lines (whose triggers keep the member's seats
 * and the paid seats), its first timeline events and the cart's deletion. The deletion names the
 * member (`user_id = $2`, served by cart_items_user_product_idx): by the ids alone the planner may
 * walk every open cart line in the club (issue 32; plans-scope.test.ts). The lines and the events go
 * as JSON arrays, so the text is the same for any number of them and is prepared once per connection.
 * `q` tells the member channel's triggers that the order announces itself after its commit
 * (migration 0031, lib/member-notice.ts): it runs before them, as they fire at the statement's end.
 * A cart of one experience also takes its seats here ($18, $19: the same conditional update as
 * takeSeats), one round trip fewer; with several experiences $18 is null and their rows are taken
 * one by one in id order after it, so that buyers lock them in the same order.
 */
export const WRITE_ORDER_SQL = `with q as (
  select set_config('club.member_notice', 'after_commit', true)
), l as (
  select l.* from q, jsonb_to_recordset($1::jsonb) as l(n int, cart_item_id int, product_id int, product_name text,
    product_start_date date, quantity int, price_grosze int, vat_rate int, persons jsonb, terms jsonb,
    cart_label_answer text)
), o as (
  insert into orders (user_id, status, product_type, total_grosze, discount_grosze, discount_code_id,
    is_invoice, invoice_data, buyer, payment_provider, payment_ref, payment_attempts, payment_url, expires_at,
    paid_at)
  values ($2::int, $3::text, $4::text, $5::int, $6::int, $7::int, $8::boolean, $9::jsonb, $10::jsonb,
    $11::text, $12::text, $13::int, $17::text, $14::timestamptz, $15::timestamptz)
  returning id
), i as (
  insert into order_items (order_id, product_id, product_name, product_start_date, quantity, price_grosze,
    vat_rate, persons, terms, cart_label_answer)
  select o.id, l.product_id, l.product_name, l.product_start_date, l.quantity, l.price_grosze, l.vat_rate,
    l.persons, l.terms, l.cart_label_answer from o, l order by l.n
), e as (
  insert into order_events (order_id, kind, provider, amount_grosze, detail)
  select o.id, ev.kind, $11::text, $5::int, ev.detail
  from o, jsonb_to_recordset($16::jsonb) as ev(n int, kind text, detail jsonb) order by ev.n
), d as (
  delete from cart_items where user_id = $2::int and id in (select cart_item_id from l)
), s as (
  update products set seats_taken = seats_taken + $19::int
  where id = $18::int and (total_seats is null or seats_taken + seats_held + $19::int <= total_seats)
  returning id
)
select id, (select count(*) from s)::int as took from o`;

/** Writes the order (WRITE_ORDER_SQL); its id, and whether the seats asked for (`seats`) were taken. */
async function writeOrder(
  tx: Tx,
  o: Omit<typeof orders.$inferInsert, 'buyer' | 'invoiceData'> & {
    buyer: Record<string, unknown>;
    invoiceData: Record<string, unknown> | null;
    events: { kind: OrderEventKind; detail?: Record<string, unknown> }[];
    items: OrderLine[];
    seats: { productId: number; quantity: number } | null;
  },
): Promise<{ id: number; took: boolean }> {
  const lines = o.items.map((l, n) => ({
    n,
    cart_item_id: l.cartItemId,
    product_id: l.productId,
    product_name: l.productName,
    product_start_date: l.productStartDate,
    quantity: l.quantity,
    price_grosze: l.priceGrosze,
    vat_rate: l.vatRate,
    persons: l.persons,
    terms: l.terms,
    cart_label_answer: l.cartLabelAnswer,
  }));
  const [row] = await executeNamed<{ id: number; took: number }>(tx, 'club_write_order', WRITE_ORDER_SQL, [
    JSON.stringify(lines),
    o.userId,
    o.status,
    o.productType,
    o.totalGrosze,
    o.discountGrosze,
    o.discountCodeId,
    o.isInvoice,
    o.invoiceData === null ? null : JSON.stringify(o.invoiceData),
    JSON.stringify(o.buyer),
    o.paymentProvider,
    o.paymentRef,
    o.paymentAttempts,
    o.expiresAt,
    o.paidAt,
    JSON.stringify(o.events.map((e, n) => ({ n, kind: e.kind, detail: e.detail ?? null }))),
    o.paymentUrl ?? null,
    o.seats?.productId ?? null,
    o.seats?.quantity ?? null,
  ]);
  return { id: row!.id, took: row!.took > 0 };
}

/**
 * Turns the member's cart into an order in one transaction (DESIGN.md §6). Locks, in this order:
 * the member's cart rows, the discount code, the member's seat counters (by the order's items, see
 * migration `member-product-seats`), and last the experiences' rows, in id order, by the
 * conditional update that takes their seats: a buyer holds an experience's row only for the end of
 * the transaction, and an add to cart (whose foreign-key check shares the row) never waits on it.
 * The rules are checked on the rows read with the cart; the seats once more by the update itself,
 * so concurrent buyers can never take more seats than there are, and a failure leaves nothing
 * half-written.
 */
export async function placeOrder(
  app: FastifyInstance,
  user: UserRow,
  input: TPlaceOrder,
  lang: LanguageCode,
  customerIp = '127.0.0.1',
): Promise<TPlaceOrderResult> {
  const provider = await app.payments.provider();
  const placed = await app.db.transaction(async (tx) => {
    const lines = await loadCartLines(tx, user.id, lang, { lock: true });
    if (lines.length === 0) throw conflict('CART_EMPTY', 'cart.empty');

    const byId = new Map(lines.map((l) => [l.product.id, l.product]));
    const ids = [...byId.keys()].sort((a, b) => a - b);

    for (const line of lines) {
      const product = line.product;
      const name = nameIn(lang, product);
      const state = line.state;
      // As read with the cart: seats anyone may take, plus the one held for this member.
      const seatsLeft =
        product.totalSeats === null
          ? Number.POSITIVE_INFINITY
          : product.totalSeats - product.seatsTaken - product.seatsHeld + (state.heldUntil ? 1 : 0);
      if (seatsLeft < line.row.quantity || (seatsLeft <= 0 && !state.canOrder))
        throw conflict('SOLD_OUT', 'cart.soldOut', { name });
      if (state.limit < line.row.quantity) throw conflict('LIMIT_REACHED', 'cart.limitReached', { name });
      if (!state.canOrder) throw conflict('PRODUCT_UNAVAILABLE', 'cart.productUnavailable');
      if (cartItemIssues(storedItem(line.row), line.rules).length > 0) {
        throw conflict('CART_NOT_FILLED', 'cart.notFilled');
      }
    }

    let invoiceData: Record<string, string | null> | null = null;
    if (input.is_invoice) {
      const [customer] = await tx.select().from(customers).where(eq(customers.userId, user.id));
      if (!customer || !isInvoiceDataComplete(invoiceFields(customer))) {
        throw new AppError(
          422,
          'INVOICE_DATA_MISSING',
          'cart.invoiceDataMissing',
          {},
          { is_invoice: ['cart.invoiceDataMissing'] },
        );
      }
      invoiceData = Object.fromEntries(
        [...INVOICE_FIELDS, 'invoiceLocaleNumber' as const].map((f) => [f, customer[f]]),
      );
    }

    const subtotal = lines.reduce((sum, l) => sum + byId.get(l.product.id)!.priceGrosze * l.row.quantity, 0);
    let discount = 0;
    let discountCodeId: number | null = null;
    if (input.discount_code) {
      // Under the code row's lock: of two members racing for its last use, the second sees it spent.
      const code = await findUsableDiscountCode(tx, input.discount_code, user, { lock: true });
      discount = discountGrosze(
        code,
        lines.map((l) => ({
          productId: l.product.id,
          priceGrosze: byId.get(l.product.id)!.priceGrosze,
          quantity: l.row.quantity,
        })),
      );
      discountCodeId = code.id;
      await tx.execute(sql`update discount_codes set used_count = used_count + 1 where id = ${code.id}`);
    }
    const total = subtotal - discount;
    const now = new Date();
    const paid = total === 0;
    const items = lines.map((l) => {
      const product = byId.get(l.product.id)!;
      return {
        cartItemId: l.row.id,
        productId: product.id,
        productName: nameIn(lang, product),
        productStartDate: product.startDate,
        quantity: l.row.quantity,
        priceGrosze: product.priceGrosze,
        vatRate: product.vatRate,
        persons: l.row.persons.slice(0, l.row.quantity - 1),
        terms: l.row.terms,
        cartLabelAnswer: l.row.cartLabelAnswer,
      };
    });
    const order = {
      id: 0,
      status: paid ? ORDER_STATUS.PAID : ORDER_STATUS.WAITING_PAYMENT,
      totalGrosze: total,
      paymentRef: randomToken(24),
      expiresAt: paid ? null : new Date(now.getTime() + app.config.ORDER_PAYMENT_MINUTES * 60_000),
    };
    // An operator whose page needs no call (the sandbox) is registered by the order's own statement,
    // as registerPayment would: attempt 1, the page, PAYMENT_REGISTERED after CREATED.
    const pageUrl = paid ? null : (provider.redirectUrlOf?.(`${order.paymentRef}.1`) ?? null);
    const events: { kind: OrderEventKind; detail?: Record<string, unknown> }[] = [
      { kind: paid ? ORDER_EVENT_KIND.PAID : ORDER_EVENT_KIND.CREATED },
    ];
    if (pageUrl) events.push({ kind: ORDER_EVENT_KIND.PAYMENT_REGISTERED, detail: { attempt: 1 } });
    const quantities = new Map<number, number>();
    for (const l of lines) quantities.set(l.product.id, (quantities.get(l.product.id) ?? 0) + l.row.quantity);
    const heldForMe = new Set(lines.filter((l) => l.state.heldUntil !== null).map((l) => l.product.id));
    // One experience not held for the member: its seats go with the order's statement.
    const seats =
      ids.length === 1 && !heldForMe.has(ids[0]!)
        ? { productId: ids[0]!, quantity: quantities.get(ids[0]!)! }
        : null;
    const written = await writeOrder(tx, {
      userId: user.id,
      status: order.status,
      productType: lines[0]!.product.type,
      totalGrosze: total,
      discountGrosze: discount,
      discountCodeId,
      isInvoice: input.is_invoice,
      invoiceData,
      buyer: { name: user.name, surname: user.surname, email: user.email, phone: user.phone },
      paymentProvider: provider.name,
      paymentRef: order.paymentRef,
      // The payment start's registration is counted here, not by an update after the commit.
      paymentAttempts: paid ? 0 : 1,
      paymentUrl: pageUrl,
      expiresAt: order.expiresAt,
      paidAt: paid ? now : null,
      events,
      items,
      seats,
    });
    order.id = written.id;
    if (paid) {
      // A free order is paid when placed: its tickets come with it (issue 29).
      await issueTickets(tx, order.id);
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
      await mailPaid(tx, app, row!);
    }
    for (const id of ids) {
      const quantity = quantities.get(id)!;
      // A seat held for the member (read with the cart) is taken with its offer; a plain update
      // otherwise (by the order's statement for a single experience), and the offer's path only when
      // that fails (an offer made since the cart was read).
      const took = heldForMe.has(id)
        ? await takeSeatsWithOffer(tx, id, user.id, quantity, order.id)
        : (seats ? written.took : await takeSeats(tx, id, quantity)) ||
          (byId.get(id)!.totalSeats !== null &&
            (await takeSeatsWithOffer(tx, id, user.id, quantity, order.id)));
      if (!took) {
        const product = byId.get(id)!;
        throw conflict('SOLD_OUT', 'cart.soldOut', { name: nameIn(lang, product) });
      }
    }
    return { order, lines: items, pageUrl };
  });
  announceMemberChange(app);

  if (placed.order.status === ORDER_STATUS.PAID) {
    app.mailer.flushInBackground(app.db);
    return { order_id: placed.order.id, status: ORDER_STATUS.PAID, payment_url: null, total: 0 };
  }
  const paymentUrl =
    placed.pageUrl ??
    (await registerPayment(app, provider, placed.order, user.email, lang, customerIp, {
      lines: placed.lines,
      attempt: 1,
    }));
  return {
    order_id: placed.order.id,
    status: ORDER_STATUS.WAITING_PAYMENT,
    payment_url: paymentUrl,
    total: groszeToPln(placed.order.totalGrosze),
  };
}

/**
 * Registers (again) an order that waits for payment with the operator; each registration has its
 * own id, `${paymentRef}.${n}`, so a late notification of an earlier one still finds the order.
 * When the operator is down the order keeps its seats until it expires and the member can pay it
 * again from the result screen or the shopping history.
 */
export async function registerPayment(
  app: FastifyInstance,
  provider: PaymentProvider,
  order: Pick<OrderRow, 'id' | 'paymentRef' | 'totalGrosze' | 'expiresAt'>,
  email: string,
  lang: LanguageCode,
  customerIp: string,
  /**
   * Placing the order: its lines, and the registration already counted by the order's insert
   * (two queries fewer).
   */
  known?: { lines: PaymentLine[]; attempt: number },
): Promise<string> {
  const attempt = known?.attempt ?? (await countAttempt(app.db, order.id));
  const lines =
    known?.lines ?? (await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)));
  const minutesLeft = order.expiresAt
    ? Math.max(1, Math.floor((order.expiresAt.getTime() - Date.now()) / 60_000))
    : app.config.ORDER_PAYMENT_MINUTES;
  try {
    const { redirectUrl, providerOrderId } = await provider.createPayment({
      orderId: order.id,
      ref: `${order.paymentRef}.${attempt}`,
      amountGrosze: order.totalGrosze,
      description: `Excellence Club #${order.id}`,
      buyerEmail: email,
      language: lang,
      returnUrl: `${app.config.PUBLIC_URL}${returnPathOf(order.id)}`,
      notifyUrl: notifyUrlOf(app.config, provider.name),
      timeLimitMinutes: minutesLeft,
      customerIp,
      lines: lines.map((l) => ({
        name: l.productName,
        unitPriceGrosze: l.priceGrosze,
        quantity: l.quantity,
      })),
    });
    await executeNamed(app.db, 'club_payment_registered', PAYMENT_REGISTERED_SQL, [
      order.id,
      redirectUrl,
      provider.name,
      order.totalGrosze,
      JSON.stringify({ attempt, providerOrderId }),
    ]);
    return redirectUrl;
  } catch (error) {
    app.log.error({ err: error, orderId: order.id }, 'payment provider refused the order');
    await recordOrderEvent(app.db, order.id, ORDER_EVENT_KIND.PAYMENT_REGISTRATION_FAILED, {
      provider: provider.name,
      detail: { attempt, reason: error instanceof Error ? error.message : 'unknown' },
    });
    throw new AppError(502, 'PAYMENT_UNAVAILABLE', 'payments.unavailable', { id: order.id }, undefined, {});
  }
}

type PaymentLine = { productName: string; priceGrosze: number; quantity: number };

/** Counts one more registration of the order (pay again); its number names the registration. */
async function countAttempt(db: Tx, orderId: number): Promise<number> {
  const [counted] = await db
    .update(orders)
    .set({ paymentAttempts: sql`${orders.paymentAttempts} + 1` })
    .where(eq(orders.id, orderId))
    .returning({ attempts: orders.paymentAttempts });
  return counted!.attempts;
}

/** The registration's page and its PAYMENT_REGISTERED event, one round trip. */
const PAYMENT_REGISTERED_SQL = `with u as (update orders set payment_url = $2::text where id = $1::int)
insert into order_events (order_id, kind, provider, amount_grosze, detail)
values ($1::int, '${ORDER_EVENT_KIND.PAYMENT_REGISTERED}', $3::text, $4::int, $5::jsonb)`;
