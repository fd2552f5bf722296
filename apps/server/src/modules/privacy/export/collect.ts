import type { LanguageCode } from '@club/shared';
import { asc, desc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client';
import {
  bonusSignups,
  cartItems,
  checkIns,
  consentEvents,
  customerInterests,
  customers,
  galleries,
  galleryImagePeople,
  galleryImages,
  interests,
  invoices,
  orderEvents,
  orderItems,
  orders,
  outbox,
  privacyExports,
  productNotifications,
  products,
  seatOffers,
  sessions,
  tickets,
  users,
  userTokens,
} from '../../../db/schema';
import { consentHistoryOf } from '../../../lib/consent-history';
import { mediaUrl } from '../../../lib/media';
import { openPesel } from '../../../lib/pesel-store';
import type { PiiKeyring } from '../../../lib/pii-crypto';

/**
 * What a member's export holds (RODO art. 15 and 20; docs/privacy.md "The member's export"), column
 * by column. Each list is what the export reads of its table, by the database's own column names,
 * which are also the export's field names: `EXPORTED_COLUMNS` below is drawn from these lists, so the
 * register's schema walk (modules/privacy/register.ts) checks the export as it really is.
 *
 * Left out on purpose, with why (docs/privacy.md): secrets that would let whoever holds the file act
 * as the member (password hash, calendar feed token, a single-use link's token, a session's id and
 * CSRF token, a ticket's code); staff-only columns (TOTP); the operator's technical references
 * (payment URL and registration ids); mail bodies (they carry links).
 */
const PICK = {
  account: [
    users.id,
    users.email,
    users.type,
    users.languageCode,
    users.honorific,
    users.name,
    users.surname,
    users.phonePrefix,
    users.phone,
    users.street,
    users.buildingNumber,
    users.flatNumber,
    users.postCode,
    users.city,
    users.hasBonus,
    users.cardNumber,
    users.cardValidTo,
    users.createdAt,
    users.updatedAt,
  ],
  customer: [
    customers.dealerId,
    customers.registrationType,
    customers.status,
    customers.model,
    customers.vinNumber,
    customers.orderNumber,
    customers.vehicleIssue,
    customers.contractNumber,
    customers.provinceId,
    customers.invoiceCompanyName,
    customers.invoiceStreet,
    customers.invoiceBuildingNumber,
    customers.invoiceLocaleNumber,
    customers.invoicePostCode,
    customers.invoiceCity,
    customers.taxNumberPrefix,
    customers.taxNumber,
    customers.createdAt,
  ],
  consents: [
    customers.term1,
    customers.term2,
    customers.term2a,
    customers.term3,
    customers.term4Email,
    customers.term4Post,
    customers.term4Phone,
    customers.term4Car,
    customers.term4Group,
    customers.consentsGivenAt,
  ],
  cart: [
    cartItems.quantity,
    cartItems.persons,
    cartItems.terms,
    cartItems.cartLabelAnswer,
    cartItems.priceSeenGrosze,
    cartItems.createdAt,
  ],
  order: [
    orders.id,
    orders.status,
    orders.productType,
    orders.totalGrosze,
    orders.discountGrosze,
    orders.refundedGrosze,
    orders.isInvoice,
    orders.invoiceData,
    orders.buyer,
    orders.paymentProvider,
    orders.bankTransferRef,
    orders.createdAt,
    orders.expiresAt,
    orders.paidAt,
    orders.cancelledAt,
  ],
  line: [
    orderItems.productName,
    orderItems.productStartDate,
    orderItems.quantity,
    orderItems.priceGrosze,
    orderItems.vatRate,
    orderItems.persons,
    orderItems.terms,
    orderItems.cartLabelAnswer,
  ],
  payment: [orderEvents.kind, orderEvents.provider, orderEvents.amountGrosze, orderEvents.createdAt],
  invoice: [
    invoices.number,
    invoices.kind,
    invoices.issueDate,
    invoices.saleDate,
    invoices.grossGrosze,
    invoices.buyerName,
    invoices.buyerTaxNumber,
  ],
  ticket: [
    tickets.seat,
    tickets.name,
    tickets.surname,
    tickets.status,
    tickets.voidReason,
    tickets.voidedAt,
    tickets.createdAt,
  ],
  checkIn: [checkIns.at, checkIns.gate, checkIns.isOverride, checkIns.checkedOutAt],
  notifyMe: [productNotifications.createdAt, productNotifications.notifiedAt],
  seatOffer: [
    seatOffers.status,
    seatOffers.offeredAt,
    seatOffers.expiresAt,
    seatOffers.closedAt,
    seatOffers.takenOrderId,
  ],
  mail: [outbox.subject, outbox.template, outbox.language, outbox.status, outbox.createdAt, outbox.sentAt],
  session: [sessions.createdAt, sessions.refreshedAt, sessions.expiresAt],
  link: [userTokens.purpose, userTokens.createdAt, userTokens.expiresAt, userTokens.usedAt],
  export: [privacyExports.createdAt, privacyExports.status, privacyExports.readyAt, privacyExports.expiresAt],
  consentEvent: [
    consentEvents.consent,
    consentEvents.given,
    consentEvents.actor,
    consentEvents.source,
    consentEvents.wordingVersion,
    consentEvents.backfill,
    consentEvents.createdAt,
  ],
  bonus: [
    bonusSignups.name,
    bonusSignups.surname,
    bonusSignups.email,
    bonusSignups.phone,
    bonusSignups.address,
    bonusSignups.postCode,
    bonusSignups.city,
    bonusSignups.correspondenceAddress,
    bonusSignups.taxNumber,
    bonusSignups.taxationForm,
    bonusSignups.taxOffice,
    bonusSignups.term1,
    bonusSignups.term2,
    bonusSignups.term3,
    bonusSignups.term4,
    bonusSignups.createdAt,
  ],
  /** What the dealer entered about a customer they registered, nothing of the customer's own. */
  registeredUser: [
    users.honorific,
    users.name,
    users.surname,
    users.email,
    users.phonePrefix,
    users.phone,
    users.languageCode,
  ],
  registeredCustomer: [
    customers.registrationType,
    customers.status,
    customers.model,
    customers.vinNumber,
    customers.orderNumber,
    customers.vehicleIssue,
    customers.contractNumber,
    customers.createdAt,
  ],
} satisfies Record<string, PgColumn[]>;

/** Columns read beside the lists above (the names of experiences, the PESEL, the interests, photos). */
const ALSO_READ: PgColumn[] = [
  galleryImagePeople.taggedAt,
  galleryImages.captionPl,
  galleryImages.captionEn,
  galleryImages.file,
  bonusSignups.pesel,
  interests.namePl,
  interests.nameEn,
  products.namePl,
  products.nameEn,
  customerInterests.interestId,
];

/**
 * Keys the export carries by its shape rather than as fields: the member's own id (`account.id`) on
 * every row that is theirs, an order's id on the lines, payments, invoices and tickets nested under
 * it, an experience by its name.
 */
const BY_STRUCTURE: PgColumn[] = [
  customers.userId,
  customerInterests.userId,
  consentEvents.userId,
  cartItems.userId,
  cartItems.productId,
  productNotifications.userId,
  productNotifications.productId,
  seatOffers.userId,
  seatOffers.productId,
  orders.userId,
  orderItems.orderId,
  orderEvents.orderId,
  invoices.orderId,
  tickets.orderId,
  tickets.orderItemId,
  tickets.productId,
  checkIns.ticketId,
  galleryImagePeople.userId,
  galleryImagePeople.photoId,
  bonusSignups.dealerId,
];

/**
 * Every table and column the export carries, by database names (for the register's schema walk:
 * every column the register marks as exported must be here).
 */
export const EXPORTED_COLUMNS: Record<string, string[]> = (() => {
  const out: Record<string, Set<string>> = {};
  for (const column of [...Object.values(PICK).flat(), ...ALSO_READ, ...BY_STRUCTURE]) {
    const table = getTableName(column.table as PgTable);
    out[table] = (out[table] ?? new Set()).add(column.name);
  }
  return Object.fromEntries(Object.entries(out).map(([t, c]) => [t, [...c].sort()]));
})();

type Row = Record<string, unknown>;

/** A select of these columns, each under its database name. */
const columnsOf = (cols: PgColumn[]) =>
  Object.fromEntries(cols.map((c) => [c.name, c])) as Record<string, PgColumn>;

const groupBy = <T extends Row>(rows: (T & { _key: number })[]) => {
  const map = new Map<number, Row[]>();
  for (const { _key, ...rest } of rows) {
    const list = map.get(_key) ?? [];
    if (list.length === 0) map.set(_key, list);
    list.push(rest);
  }
  return map;
};

/** The export as the JSON file holds it (and the readable document shows it). */
export type MemberData = {
  format: string;
  version: number;
  generated_at: string;
  language: LanguageCode;
  account: Row;
  customer: Row | null;
  consents: { current: Row | null; history: Row[] };
  interests: Row[];
  cart: Row[];
  orders: (Row & { lines: Row[]; payments: Row[]; invoices: Row[]; tickets: Row[] })[];
  waiting_lists: { notify_me: Row[]; seat_offers: Row[] };
  mails: Row[];
  sessions: Row[];
  single_use_links: Row[];
  exports: Row[];
  /** Gallery photos staff tagged as showing the member: the gallery, the caption, the photo's address. */
  photos: Row[];
  /** Dealers only. */
  bonus?: Row | null;
  registered_customers?: Row[];
};

/**
 * Everything the club holds about one member (or dealer), read in one transaction (one consistent
 * moment); null when the account is gone.
 */
export async function collectMemberData(
  db: Tx,
  ring: PiiKeyring,
  userId: number,
  lang: LanguageCode,
  at: Date,
  /** The club's public address (config PUBLIC_URL): the photos' addresses start with it. */
  publicUrl = '',
): Promise<MemberData | null> {
  const productName = lang === 'en' ? products.nameEn : products.namePl;
  const [account] = await db.select(columnsOf(PICK.account)).from(users).where(eq(users.id, userId));
  if (!account) return null;
  const [calendar] = await db
    .select({ on: sql<boolean>`${users.calendarToken} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  const [customer] = await db
    .select(columnsOf(PICK.customer))
    .from(customers)
    .where(eq(customers.userId, userId));
  const [consentsNow] = await db
    .select(columnsOf(PICK.consents))
    .from(customers)
    .where(eq(customers.userId, userId));
  const history = (await consentHistoryOf(db, userId)).map(({ id: _id, at: when, ...event }) => ({
    ...event,
    created_at: when,
  }));

  const interestName = lang === 'en' ? interests.nameEn : interests.namePl;
  const memberInterests = await db
    .select({ id: interests.id, name: interestName })
    .from(customerInterests)
    .innerJoin(interests, eq(interests.id, customerInterests.interestId))
    .where(eq(customerInterests.userId, userId))
    .orderBy(asc(interests.position), asc(interests.id));

  /** The member's rows of a table about one experience, with the experience's name under `as`. */
  const ofExperiences = (
    table: PgTable & { productId: PgColumn; userId: PgColumn },
    as: 'product' | 'experience',
    cols: PgColumn[],
    ...order: PgColumn[]
  ): Promise<Row[]> =>
    db
      .select({ [as]: productName, ...columnsOf(cols) })
      .from(table)
      .innerJoin(products, eq(products.id, table.productId))
      .where(eq(table.userId, userId))
      .orderBy(...order.map((c) => asc(c)));
  const cart = await ofExperiences(cartItems, 'product', PICK.cart, cartItems.id);

  const orderRows = await db
    .select(columnsOf(PICK.order))
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const orderIds = orderRows.map((o) => Number(o.id));
  const some = orderIds.length > 0;
  /** The rows of a table that belong to the member's orders, by order, in `order`'s order. */
  const ofOrders = async (table: PgTable, orderId: PgColumn, cols: PgColumn[], order: PgColumn) =>
    some
      ? groupBy(
          (await db
            .select({ _key: orderId, ...columnsOf(cols) })
            .from(table)
            .where(inArray(orderId, orderIds))
            .orderBy(asc(order))) as (Row & { _key: number })[],
        )
      : new Map<number, Row[]>();
  const lines = await ofOrders(orderItems, orderItems.orderId, PICK.line, orderItems.id);
  const payments = await ofOrders(orderEvents, orderEvents.orderId, PICK.payment, orderEvents.id);
  const invoiceRows = await ofOrders(invoices, invoices.orderId, PICK.invoice, invoices.id);
  const ticketRows = some
    ? await db
        .select({
          _id: tickets.id,
          _key: tickets.orderId,
          experience: productName,
          ...columnsOf(PICK.ticket),
        })
        .from(tickets)
        .leftJoin(products, eq(products.id, tickets.productId))
        .where(inArray(tickets.orderId, orderIds))
        .orderBy(asc(tickets.orderId), asc(tickets.orderItemId), asc(tickets.seat))
    : [];
  const checkInRows =
    ticketRows.length > 0
      ? await db
          .select({ _key: checkIns.ticketId, ...columnsOf(PICK.checkIn) })
          .from(checkIns)
          .where(
            inArray(
              checkIns.ticketId,
              ticketRows.map((r) => r._id),
            ),
          )
          .orderBy(asc(checkIns.at))
      : [];
  const checkInsByTicket = groupBy(checkInRows);
  const ticketsByOrder = groupBy(
    ticketRows.map(({ _id, ...ticket }) => ({ ...ticket, check_ins: checkInsByTicket.get(_id) ?? [] })),
  );

  const notifyMe = await ofExperiences(
    productNotifications,
    'experience',
    PICK.notifyMe,
    productNotifications.createdAt,
  );
  const offers = await ofExperiences(
    seatOffers,
    'experience',
    PICK.seatOffer,
    seatOffers.offeredAt,
    seatOffers.id,
  );

  const mails = await db
    .select(columnsOf(PICK.mail))
    .from(outbox)
    .where(sql`lower(${outbox.to}) = lower(${String(account.email)})`)
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
  const sessionRows = await db
    .select(columnsOf(PICK.session))
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.refreshedAt));
  const links = await db
    .select(columnsOf(PICK.link))
    .from(userTokens)
    .where(eq(userTokens.userId, userId))
    .orderBy(desc(userTokens.createdAt), desc(userTokens.id));
  const exportsAsked = await db
    .select(columnsOf(PICK.export))
    .from(privacyExports)
    .where(eq(privacyExports.userId, userId))
    .orderBy(desc(privacyExports.id));

  const photos = (
    await db
      .select({
        gallery: lang === 'en' ? galleries.nameEn : galleries.namePl,
        caption: lang === 'en' ? galleryImages.captionEn : galleryImages.captionPl,
        file: galleryImages.file,
        tagged_at: galleryImagePeople.taggedAt,
      })
      .from(galleryImagePeople)
      .innerJoin(galleryImages, eq(galleryImages.id, galleryImagePeople.photoId))
      .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
      .where(eq(galleryImagePeople.userId, userId))
      .orderBy(desc(galleries.date), asc(galleryImages.position), asc(galleryImages.id))
  ).map(({ file, ...photo }) => ({ ...photo, photo_address: `${publicUrl}${mediaUrl(file)}` }));

  const isDealer = account.type === 'DEALER';
  const [bonusRow] = isDealer
    ? await db
        .select({
          ...columnsOf(PICK.bonus),
          _pesel: bonusSignups.pesel,
          _keyId: bonusSignups.peselKeyId,
        })
        .from(bonusSignups)
        .where(eq(bonusSignups.dealerId, userId))
    : [];
  const bonus = bonusRow
    ? (() => {
        const { _pesel, _keyId, ...rest } = bonusRow;
        const pesel = openPesel(ring, {
          dealerId: userId,
          pesel: _pesel as string | null,
          peselKeyId: _keyId as string | null,
        });
        return { ...rest, pesel };
      })()
    : null;
  const registered = isDealer
    ? await db
        .select({ ...columnsOf(PICK.registeredUser), ...columnsOf(PICK.registeredCustomer) })
        .from(customers)
        .innerJoin(users, eq(users.id, customers.userId))
        .where(eq(customers.dealerId, userId))
        .orderBy(desc(customers.createdAt), desc(customers.userId))
    : null;

  return {
    format: 'excellence-club/member-data',
    version: 1,
    generated_at: at.toISOString(),
    language: lang,
    account: { ...account, calendar_feed: calendar?.on === true },
    customer: customer ?? null,
    consents: { current: consentsNow ?? null, history },
    interests: memberInterests,
    cart,
    orders: orderRows.map((o) => ({
      ...o,
      lines: lines.get(Number(o.id)) ?? [],
      payments: payments.get(Number(o.id)) ?? [],
      invoices: invoiceRows.get(Number(o.id)) ?? [],
      tickets: ticketsByOrder.get(Number(o.id)) ?? [],
    })),
    waiting_lists: { notify_me: notifyMe, seat_offers: offers },
    mails,
    sessions: sessionRows,
    single_use_links: links,
    exports: exportsAsked,
    photos,
    ...(isDealer ? { bonus, registered_customers: registered ?? [] } : {}),
  };
}
