import { readTogether } from '../../lib/read-together';
import {
  type LanguageCode,
  type TClubCard,
  type TConsents,
  type TCustomerProfileUpdate,
  type TCustomerUser,
  type TDealerUser,
  type TInterest,
  type TInvoiceData,
  type TInvoiceFields,
  USER_TYPE,
} from '@club/shared';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { setConsentContext } from '../../lib/consent-history';
import { customerInterests, customers, interests, languages, users } from '../../db/schema';
import type { UserRow } from '../../types';
import { nameIn } from '../../lib/localized';

type CustomerRow = typeof customers.$inferSelect;

function clubCard(user: UserRow): TClubCard {
  return {
    card_number: user.cardNumber,
    name: user.name,
    surname: user.surname,
    street: user.street,
    building_number: user.buildingNumber,
    flat_number: user.flatNumber,
    post_code: user.postCode,
    city: user.city,
    created_at: user.createdAt.toISOString(),
    valid_to: user.cardValidTo,
  };
}

function consents(row: CustomerRow | null): TConsents {
  return {
    term_1: row?.term1 ?? false,
    term_2: row?.term2 ?? false,
    term_2a: row?.term2a ?? false,
    term_3: row?.term3 ?? false,
    term_4_car: row?.term4Car ?? false,
    term_4_email: row?.term4Email ?? false,
    term_4_group: row?.term4Group ?? false,
    term_4_phone: row?.term4Phone ?? false,
    term_4_post: row?.term4Post ?? false,
  };
}

/** The invoice data of SPEC.md §3 as the API names it (the order's check reads it through `isInvoiceDataComplete`). */
export function invoiceFields(row: CustomerRow | null): TInvoiceFields {
  return {
    invoice_company_name: row?.invoiceCompanyName ?? null,
    invoice_street: row?.invoiceStreet ?? null,
    invoice_building_number: row?.invoiceBuildingNumber ?? null,
    invoice_locale_number: row?.invoiceLocaleNumber ?? null,
    invoice_post_code: row?.invoicePostCode ?? null,
    invoice_city: row?.invoiceCity ?? null,
    tax_number: row?.taxNumber ?? null,
    tax_number_prefix: row?.taxNumberPrefix ?? null,
  };
}

async function languageId(db: Tx, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.code, code))
    .limit(1);
  return row?.id ?? null;
}

async function interestIds(db: Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: customerInterests.interestId })
    .from(customerInterests)
    .where(eq(customerInterests.userId, userId))
    .orderBy(asc(customerInterests.interestId));
  return rows.map((r) => r.id);
}

async function customerRow(db: Tx, userId: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  return row ?? null;
}

function userBase(user: UserRow, languageIdValue: number | null) {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    phone_prefix: user.phonePrefix,
    honorific: user.honorific,
    language_id: languageIdValue,
  };
}

/** The customer row, the interests and the language id that both account answers are made of. */
function userParts(db: Tx, user: UserRow) {
  return readTogether(db, [
    () => customerRow(db, user.id),
    () => interestIds(db, user.id),
    () => languageId(db, user.languageCode),
  ] as const);
}

/** customers/item: the member with the club card, consents, invoice data and interests under `customer`. */
export async function loadCustomerUser(db: Tx, user: UserRow): Promise<TCustomerUser> {
  const [row, ids, lang] = await userParts(db, user);
  return {
    ...userBase(user, lang),
    type: USER_TYPE.CUSTOMER,
    customer: {
      ...clubCard(user),
      ...consents(row),
      consents_given_at: row?.consentsGivenAt ?? {},
      ...invoiceFields(row),
      interests: ids,
    },
  };
}

/** dealers/item: the same fields flat on the user (SPEC.md §3); a dealer has no consents or interests of his own. */
export async function loadDealerUser(db: Tx, user: UserRow): Promise<TDealerUser> {
  const [row, ids, lang] = await userParts(db, user);
  return {
    ...userBase(user, lang),
    ...clubCard(user),
    ...consents(row),
    ...invoiceFields(row),
    type: USER_TYPE.DEALER,
    interests: ids,
    contract_number: row?.contractNumber ?? null,
    model: row?.model ?? null,
    order_number: row?.orderNumber ?? null,
    province_id: row?.provinceId ?? null,
    qr_code: user.cardNumber,
    status: row?.status ?? null,
    vehicle_issue: row?.vehicleIssue ?? null,
    vin_number: row?.vinNumber ?? null,
  };
}

/** customers/update: profile, address and consents; term_1, term_2, term_2a and term_3 are never withdrawn. */
export async function updateCustomerProfile(
  db: Tx,
  userId: number,
  input: TCustomerProfileUpdate,
): Promise<void> {
  const { customer: c } = input;
  await db
    .update(users)
    .set({
      honorific: input.honorific,
      name: input.name,
      surname: input.surname,
      phone: input.phone,
      phonePrefix: input.phone_prefix,
      street: c.street,
      buildingNumber: c.building_number,
      flatNumber: c.flat_number,
      postCode: c.post_code,
      city: c.city,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  const current = await customerRow(db, userId);
  const values = {
    term1: c.term_1 || (current?.term1 ?? false),
    term2: c.term_2 || (current?.term2 ?? false),
    term2a: c.term_2a || (current?.term2a ?? false),
    term3: c.term_3 || (current?.term3 ?? false),
    term4Car: c.term_4_car,
    term4Email: c.term_4_email,
    term4Group: c.term_4_group,
    term4Phone: c.term_4_phone,
    term4Post: c.term_4_post,
  };
  await setConsentContext(db, { actor: 'member', actorUserId: userId, source: 'account_profile' });
  await db
    .insert(customers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: customers.userId, set: values });
}

export async function updateInvoiceData(db: Tx, userId: number, input: TInvoiceData): Promise<void> {
  const values = {
    invoiceCompanyName: input.invoice_company_name,
    invoiceStreet: input.invoice_street,
    invoiceBuildingNumber: input.invoice_building_number,
    invoiceLocaleNumber: input.invoice_locale_number,
    invoicePostCode: input.invoice_post_code,
    invoiceCity: input.invoice_city,
    taxNumber: input.tax_number,
    taxNumberPrefix: input.tax_number_prefix,
  };
  await db
    .insert(customers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: customers.userId, set: values });
}

export async function listInterests(db: Tx, lang: LanguageCode): Promise<TInterest[]> {
  const rows = await db.select().from(interests).orderBy(asc(interests.position), asc(interests.id));
  return rows.map((r) => ({ id: r.id, name: nameIn(lang, r) }));
}

/** Which of the given ids exist in the interests catalogue. */
export async function existingInterestIds(db: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: interests.id }).from(interests).where(inArray(interests.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function replaceCustomerInterests(db: Tx, userId: number, ids: number[]): Promise<void> {
  await db.delete(customerInterests).where(eq(customerInterests.userId, userId));
  if (ids.length > 0)
    await db.insert(customerInterests).values(ids.map((interestId) => ({ userId, interestId })));
}

export async function findUser(db: Tx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findCustomerByCalendarToken(db: Tx, token: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.calendarToken, token), eq(users.type, USER_TYPE.CUSTOMER), isNotNull(users.calendarToken)),
    )
    .limit(1);
  return row ?? null;
}
