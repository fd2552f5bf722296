import { CUSTOMER_STATUS, type CustomerStatus } from '@club/shared';
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers, languages, users, userTokens } from '../../db/schema';
import { PENDING_EMAIL_DOMAIN } from '../../lib/club-card';
import { containsPattern } from '../../lib/text-search';

/** The live link token of the customer's current step, if any: AGREEMENTS or ACTIVATE. */
const linkTokenJoin = () =>
  and(
    eq(userTokens.userId, customers.userId),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, sql`now()`),
    sql`${userTokens.shareable} is not null`,
    sql`${userTokens.purpose} = case ${customers.status} when ${CUSTOMER_STATUS.WAITING_TERMS} then 'AGREEMENTS' when ${CUSTOMER_STATUS.WAITING_REGISTRATION} then 'ACTIVATE' end`,
  );

const customerColumns = {
  customer: customers,
  user: {
    id: users.id,
    email: users.email,
    name: users.name,
    surname: users.surname,
    honorific: users.honorific,
    phone: users.phone,
    phonePrefix: users.phonePrefix,
    languageCode: users.languageCode,
  },
  linkToken: userTokens.shareable,
};

export type DealerCustomerRow = {
  customer: typeof customers.$inferSelect;
  user: {
    id: number;
    email: string;
    name: string;
    surname: string;
    honorific: 'MRS' | 'MR' | null;
    phone: string | null;
    phonePrefix: string | null;
    languageCode: string;
  };
  linkToken: string | null;
};

/** Each word of the search must appear in the name, e-mail, phone, order, contract or VIN. */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length === 0) return undefined;
  const haystack = sql`concat_ws(' ', ${users.name}, ${users.surname},
    case when ${users.email} like ${`%@${PENDING_EMAIL_DOMAIN}`} then '' else ${users.email} end,
    ${users.phone}, ${customers.orderNumber}, ${customers.contractNumber}, ${customers.vinNumber})`;
  return and(...words.map((w) => sql`${haystack} ilike ${containsPattern(w)}`));
}

export async function listDealerCustomers(
  db: Tx,
  dealerId: number,
  filters: { page: number; perPage: number; search?: string; status?: CustomerStatus | null },
): Promise<{ rows: DealerCustomerRow[]; total: number }> {
  const where = and(
    eq(customers.dealerId, dealerId),
    filters.status ? eq(customers.status, filters.status) : undefined,
    searchCondition(filters.search),
  );
  // Without a search the count needs no user row: the dealer's index alone answers it.
  const counted = filters.search?.trim()
    ? db
        .select({ total: sql<number>`count(*)::int` })
        .from(customers)
        .innerJoin(users, eq(users.id, customers.userId))
        .where(where)
    : db.select({ total: sql<number>`count(*)::int` }).from(customers).where(where);
  const [{ total }] = (await counted) as [{ total: number }];
  const rows = await db
    .select(customerColumns)
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .leftJoin(userTokens, linkTokenJoin())
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.userId))
    .limit(filters.perPage)
    .offset((filters.page - 1) * filters.perPage);
  return { rows: rows as DealerCustomerRow[], total: Number(total) };
}

/** One customer of this dealer; another dealer's customer reads as not found. */
export async function findDealerCustomer(
  db: Tx,
  dealerId: number,
  customerId: number,
): Promise<DealerCustomerRow | null> {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .leftJoin(userTokens, linkTokenJoin())
    .where(and(eq(customers.userId, customerId), eq(customers.dealerId, dealerId)))
    .limit(1);
  return (row as DealerCustomerRow | undefined) ?? null;
}

export async function findLanguage(db: Tx, id: number) {
  const [row] = await db.select().from(languages).where(eq(languages.id, id)).limit(1);
  return row ?? null;
}

export async function isVinRegistered(db: Tx, vin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.userId })
    .from(customers)
    .where(sql`upper(${customers.vinNumber}) = ${vin.toUpperCase()}`)
    .limit(1);
  return Boolean(row);
}

/** The customer and the account behind a registration token, locked for the transaction. */
export async function findInvitedCustomer(db: Tx, userId: number) {
  const [row] = await db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(customers.userId, userId))
    .limit(1)
    .for('update');
  return row ?? null;
}
