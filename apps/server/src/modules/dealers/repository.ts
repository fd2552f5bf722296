import { CUSTOMER_STATUS, type CustomerStatus } from '@club/shared';
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers, dealerCustomerCounts, languages, users, userTokens } from '../../db/schema';
import { PENDING_EMAIL_DOMAIN } from '../../lib/club-card';
import { containsPattern } from '../../lib/text-search';
import { amongPageIds } from '../../lib/page-ids';

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

/** The dealer's list order: newest first. */
const NEWEST_FIRST = [desc(customers.createdAt), desc(customers.userId)] as const;

/** The customers `where` picks, with their user and activation link, newest first. */
const withUserAndLink = (db: Tx, where: SQL | undefined) =>
  db
    .select(customerColumns)
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .leftJoin(userTokens, linkTokenJoin())
    .where(where)
    .orderBy(...NEWEST_FIRST);

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
  const offset = (filters.page - 1) * filters.perPage;
  if (filters.search?.trim()) {
    // A search reads every customer of the dealer whatever is done: count and page as they were.
    const [{ total }] = (await db
      .select({ total: sql<number>`count(*)::int` })
      .from(customers)
      .innerJoin(users, eq(users.id, customers.userId))
      .where(where)) as [{ total: number }];
    const rows = await withUserAndLink(db, where).limit(filters.perPage).offset(offset);
    return { rows: rows as DealerCustomerRow[], total: Number(total) };
  }
  // Without a search the total is the kept count (migration 0018), and the page's ids come from the
  // dealer's index alone (index-only, backwards); only those ten rows are joined with their user and
  // link. Before, every row the offset skipped was read from the heap and joined (issue 18).
  const [kept] = await db
    .select({ total: sql<number>`coalesce(sum(${dealerCustomerCounts.total}), 0)::int` })
    .from(dealerCustomerCounts)
    .where(
      and(
        eq(dealerCustomerCounts.dealerId, dealerId),
        filters.status ? eq(dealerCustomerCounts.status, filters.status) : undefined,
      ),
    );
  const pageIds = db
    .select({ id: customers.userId })
    .from(customers)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(filters.perPage)
    .offset(offset);
  const rows = await withUserAndLink(db, amongPageIds(customers.userId, pageIds));
  return { rows: rows as DealerCustomerRow[], total: Number(kept?.total ?? 0) };
}

/** One customer of this dealer; another dealer's customer reads as not found. */
export async function findDealerCustomer(
  db: Tx,
  dealerId: number,
  customerId: number,
): Promise<DealerCustomerRow | null> {
  const [row] = await withUserAndLink(
    db,
    and(eq(customers.userId, customerId), eq(customers.dealerId, dealerId)),
  ).limit(1);
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
