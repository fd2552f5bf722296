import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { categories, customers, productNotifications, productTerms, products } from '../../db/schema';
import { clubDayFromToday } from '../../lib/club-day';
import { randomToken } from '../../lib/tokens';
import { createSession } from '../../plugins/session';
import { createTestUser } from '../testing/create-test-user';

/**
 * The club's day (Europe/Warsaw) `days` from today, as the server counts an experience's days: a day
 * counted in UTC is the club's yesterday from 23:00 UTC to midnight (the clean-clone run of 23:14
 * failed the reminders' tests so).
 */
export const daysFromNow = (days: number) => clubDayFromToday(days);

/** An experience of the tests' own, so that sales tests never depend on the demo catalogue. */
export async function createTestProduct(
  db: Tx,
  values: Partial<typeof products.$inferInsert> & { terms?: number } = {},
) {
  const { terms = 0, ...rest } = values;
  const [category] = await db
    .insert(categories)
    .values({ namePl: `Kategoria ${randomToken(4)}`, nameEn: `Category ${randomToken(4)}` })
    .returning();
  const alias = `test-${randomToken(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const [product] = await db
    .insert(products)
    .values({
      categoryId: category!.id,
      type: 'EVENT',
      alias,
      namePl: `Jazda testowa ${alias}`,
      nameEn: `Test drive ${alias}`,
      startDate: daysFromNow(30),
      priceGrosze: 150_000,
      memberLimit: 2,
      totalSeats: 20,
      published: 1,
      ...rest,
    })
    .returning();
  const termRows = [];
  for (let i = 0; i < terms; i++) {
    const [term] = await db
      .insert(productTerms)
      .values({
        productId: product!.id,
        namePl: `Regulamin ${i + 1}`,
        nameEn: `Terms ${i + 1}`,
        file: `terms-${i + 1}.pdf`,
      })
      .returning();
    termRows.push(term!);
  }
  return { product: product!, terms: termRows };
}

export type Member = { id: number; email: string; cookie: string; csrf: string };

/** A fresh member with a session made directly (no login call, so no login rate limit). */
export async function createMember(
  db: Tx,
  opts: { type?: 'CUSTOMER' | 'DEALER'; language?: 'pl' | 'en' } = {},
): Promise<Member> {
  const user = await createTestUser(db, opts);
  const session = await createSession(db, user.id);
  return {
    id: user.id,
    email: user.email,
    cookie: `club_session=${session.cookie}`,
    csrf: session.csrfToken,
  };
}

export async function setInvoiceData(db: Tx, userId: number) {
  await db
    .update(customers)
    .set({
      invoiceCompanyName: 'Kowalski Sp. z o.o.',
      invoiceStreet: 'Marszałkowska',
      invoiceBuildingNumber: '10',
      invoicePostCode: '00-001',
      invoiceCity: 'Warszawa',
      taxNumberPrefix: 'PL',
      taxNumber: '5260250274',
    })
    .where(eq(customers.userId, userId));
}

export async function joinWaitingList(db: Tx, productId: number, userId: number) {
  await db.insert(productNotifications).values({ productId, userId });
}

/** Calls the API as a member through inject. */
export function memberApi(app: FastifyInstance, member: Member | null) {
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    opts: { csrf?: boolean } = {},
  ) =>
    app.inject({
      method,
      url: path.startsWith('/panel') ? path : `/panel/api/v1${path}`,
      headers: {
        ...(member ? { cookie: member.cookie } : {}),
        ...(member && opts.csrf !== false ? { 'x-csrf-token': member.csrf } : {}),
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}, opts?: { csrf?: boolean }) => call('POST', path, body, opts),
    delete: (path: string) => call('DELETE', path),
  };
}
