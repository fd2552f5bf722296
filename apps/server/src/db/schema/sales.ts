import {
  DISCOUNT_KIND,
  DISCOUNT_KINDS,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  PAYMENT_EVENT_STATUSES,
  PRODUCT_TYPE,
  PRODUCT_TYPES,
} from '@club/shared';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, offByDefault, ownedBy, serialId } from './columns';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { products } from './catalog';

export type CartPerson = { name: string; surname: string };
export type CartTermAnswer = { term_id: number; value: boolean };

export const cartItems = pgTable(
  'cart_items',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    productId: ownedBy('product_id', () => products.id),
    quantity: integer('quantity').notNull().default(1),
    isFilled: offByDefault('is_filled'),
    cartLabelAnswer: text('cart_label_answer'),
    persons: jsonb('persons').$type<CartPerson[]>().notNull().default([]),
    terms: jsonb('terms').$type<CartTermAnswer[]>().notNull().default([]),
    /**
     * The price (grosze) the member saw when adding the line, or last acknowledged: the cart says
     * "price changed from X to Y" while the experience's price differs (issue 28). Null: unknown
     * (lines older than the column), no notice.
     */
    priceSeenGrosze: integer('price_seen_grosze'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_user_product_idx').on(t.userId, t.productId)],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serialId(),
    code: text('code').notNull().unique(),
    /** AMOUNT: `amountGrosze` off the eligible lines; PERCENT: `percent` % of them (migration 0013). */
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull().default(DISCOUNT_KIND.AMOUNT),
    amountGrosze: integer('amount_grosze').notNull(),
    percent: integer('percent'),
    /** Experiences (product ids) the code applies to; empty = every experience. */
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Member types (users.type) that may use the code; empty = every member. */
    memberTypes: text('member_types').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    /** Null = unlimited uses across the club. */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    /** How many orders one member may place with this code. */
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // Codes are typed by people: one code per spelling, whatever the case.
    uniqueIndex('discount_codes_code_upper_idx').on(sql`upper(${t.code})`),
    check(
      'discount_codes_value_check',
      sql`(${t.kind} = 'AMOUNT' and ${t.amountGrosze} > 0 and ${t.percent} is null) or (${t.kind} = 'PERCENT' and ${t.amountGrosze} = 0 and ${t.percent} between 1 and 100)`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    /** Null once the member removed the account: paid orders stay for accounting, anonymised. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    productType: text('product_type', { enum: PRODUCT_TYPES }).notNull().default(PRODUCT_TYPE.EVENT),
    totalGrosze: integer('total_grosze').notNull(),
    discountGrosze: integer('discount_grosze').notNull().default(0),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    isInvoice: offByDefault('is_invoice'),
    invoiceData: jsonb('invoice_data'),
    buyer: jsonb('buyer'),
    paymentProvider: text('payment_provider').notNull().default('sandbox'),
    paymentRef: text('payment_ref').unique(),
    /** Registrations with the operator so far; each one's id is `${paymentRef}.${n}` (pay again). */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /** The operator's page of the current registration (sandbox: our own page). */
    paymentUrl: text('payment_url'),
    /** The operator's id of the paid transaction (Przelewy24 orderId, PayU orderId): refunds need it. */
    providerOrderId: text('provider_order_id'),
    /** The registration id (`${paymentRef}.${n}`) that was paid: Przelewy24's refund names it. */
    paidRef: text('paid_ref'),
    refundedGrosze: integer('refunded_grosze').notNull().default(0),
    /** Paid by bank transfer at the sales desk: the transfer's reference (null when paid online). */
    bankTransferRef: text('bank_transfer_ref'),
    expiresAt: instant('expires_at'),
    paidAt: instant('paid_at'),
    cancelledAt: instant('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    // The sales desk's list (migration 0010): newest first, alone or within one status or one code;
    // sorted by total.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_discount_created_idx').on(t.discountCodeId, t.createdAt),
    index('orders_total_idx').on(t.totalGrosze, t.id),
    // The desk's search: the operator's transaction id and the transfer's reference (any case).
    index('orders_provider_order_idx').on(t.providerOrderId),
    index('orders_bank_transfer_ref_idx').on(sql`lower(${t.bankTransferRef})`),
    // The sales dashboard (migration 0015): paid orders by payment time with what they brought, read
    // index-only; and the paid orders that asked for an invoice (the invoices queue, the dashboard).
    index('orders_paid_idx')
      .on(t.paidAt, t.id, t.totalGrosze, t.discountGrosze, t.refundedGrosze)
      .where(sql`status = 'PAID'`),
    index('orders_invoice_requests_idx').on(t.paidAt, t.id).where(sql`status = 'PAID' and is_invoice`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serialId(),
    orderId: ownedBy('order_id', () => orders.id),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productStartDate: date('product_start_date'),
    quantity: integer('quantity').notNull(),
    priceGrosze: integer('price_grosze').notNull(),
    /** The experience's VAT rate (percent) when the order was placed: the invoice uses this one. */
    vatRate: integer('vat_rate').notNull().default(23),
    persons: jsonb('persons').$type<CartPerson[]>().notNull().default([]),
    terms: jsonb('terms').$type<CartTermAnswer[]>().notNull().default([]),
    cartLabelAnswer: text('cart_label_answer'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // By experience, in order: the seat board's attendee pages and every "orders of this experience".
    index('order_items_product_order_idx').on(t.productId, t.orderId),
  ],
);

/**
 * Seats each member holds per experience in orders waiting for payment or paid: the per-member limit
 * (SPEC.md §9) reads this one row instead of summing the member's order history. Kept by triggers on
 * orders and order_items in the order's own transaction (migration `member-product-seats`), so every
 * path that places, pays, expires, cancels or removes an order keeps it equal to a recount
 * (`seat-counters.test.ts`).
 */
export const memberProductSeats = pgTable(
  'member_product_seats',
  {
    userId: ownedBy('user_id', () => users.id),
    productId: ownedBy('product_id', () => products.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/**
 * Seats of each experience in paid orders (the sales desk's seat board): sold = this, held by unpaid
 * orders = products.seats_taken − this. Kept by triggers on orders and order_items in the writing
 * transaction (migration 0010), like member_product_seats, so the board never rescans the orders.
 */
export const productSales = pgTable('product_sales', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  seatsPaid: integer('seats_paid').notNull().default(0),
});

/** Payment notifications already handled: a repeated one is recognised and ignored. */
export const paymentEvents = pgTable('payment_events', {
  id: serialId(),
  orderId: ownedBy('order_id', () => orders.id),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().unique(),
  status: text('status', { enum: PAYMENT_EVENT_STATUSES }).notNull(),
  createdAt: createdAt(),
});

/**
 * Every payment state change of an order, oldest first (issue 15): registered, paid, cancelled,
 * expired, refused notifications, refunds. The sales desk reads it; nothing here is a credential.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serialId(),
    orderId: ownedBy('order_id', () => orders.id),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    provider: text('provider'),
    amountGrosze: integer('amount_grosze'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Secrets generated once per installation (the sandbox's signing key when none is configured). */
export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The last number given in each invoice series and period (docs/invoices.md): `FV`/`FK` and `2026` or
 * `2026-11`. Issuing an invoice bumps its row with one upsert inside the issuing transaction, so the
 * row stays locked until the commit: two staff issuing at the same instant get consecutive numbers,
 * and a rolled-back issue gives its number back (no gaps).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    period: text('period').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.period] })],
);

/**
 * VAT invoices and correcting invoices (docs/invoices.md). `data` is the whole document as it was
 * issued (seller, buyer, lines, totals), so the PDF renders the same bytes' content forever, whatever
 * later happens to the member's invoice data, the experience or the configuration.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serialId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['INVOICE', 'CORRECTION'] }).notNull(),
    number: text('number').notNull().unique(),
    series: text('series').notNull(),
    period: text('period').notNull(),
    sequence: integer('sequence').notNull(),
    /** The invoice a correction corrects. */
    correctsId: integer('corrects_id'),
    issueDate: date('issue_date').notNull(),
    saleDate: date('sale_date').notNull(),
    /** Gross amount of the document: the invoice's total, or what a correction takes back (positive). */
    grossGrosze: integer('gross_grosze').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerTaxNumber: text('buyer_tax_number').notNull(),
    data: jsonb('data').notNull(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_period_sequence_idx').on(t.series, t.period, t.sequence),
    // One invoice per order: the second issue fails on this index even if the lock were bypassed.
    uniqueIndex('invoices_one_per_order_idx').on(t.orderId).where(sql`kind = 'INVOICE'`),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_issue_date_idx').on(t.issueDate, t.id),
  ],
);
