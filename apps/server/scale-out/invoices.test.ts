import { ORDER_STATUS } from '@club/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { auditLog, invoices, orderItems, orders } from '../src/db/schema';
import { totpCode } from '../src/lib/totp';
import { createMember, createTestProduct, setInvoiceData } from '../src/modules/orders/test-fixtures';
import { createTestUser } from '../src/modules/testing/create-test-user';
import { assertBuilt, call, type ServerProcess, serverProcess, throwawayDatabase } from './cluster';

/**
 * Invoice numbering across processes (issue 17, docs/invoices.md): two server processes over one
 * PostgreSQL database; staff signed in on each issue the invoices of many paid orders at the same
 * instant. The numbers come out consecutive, without a gap or a duplicate, and one order never gets
 * two invoices even when two staff on different processes issue it together.
 */
const ORDERS = 40;
let dbHandle: Awaited<ReturnType<typeof throwawayDatabase>>;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  assertBuilt();
  dbHandle = await throwawayDatabase('club_invoices');
  const env = { DATABASE_URL: dbHandle.url, INVOICE_NUMBERING: 'yearly' };
  a = await serverProcess(env, 'inv-a');
  b = await serverProcess(env, 'inv-b');
  await Promise.all([a.start(), b.start()]);
  database = await openDatabase({ databaseUrl: dbHandle.url, dataDir: '/nonexistent' });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await dbHandle?.drop();
});

type Session = { cookie: string; csrf: string; email: string };

/** A staff member signed in through `proc` the way a person does: password, then the code. */
async function staffOn(proc: ServerProcess, type: 'OPERATOR' | 'ADMIN'): Promise<Session> {
  const account = await createTestUser(database.db, { type });
  const first = await fetch(`${proc.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(first.status).toBe(202);
  const { challenge } = ((await first.json()) as { data: { challenge: string } }).data;
  const second = await fetch(`${proc.api}/auth/second-factor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge, code: totpCode(account.totpSecret!) }),
  });
  const text = await second.text();
  expect(second.status, text).toBe(200);
  const cookie = second.headers
    .getSetCookie()
    .find((c) => c.includes('club_session='))!
    .split(';')[0]!;
  return {
    cookie,
    csrf: (JSON.parse(text) as { data: { csrf_token: string } }).data.csrf_token,
    email: account.email,
  };
}

/** Paid orders whose members asked for an invoice (the order snapshots the member's invoice data). */
async function paidInvoiceOrders(count: number): Promise<number[]> {
  const { product } = await createTestProduct(database.db, { priceGrosze: 123_00 });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const member = await createMember(database.db);
    await setInvoiceData(database.db, member.id);
    const [order] = await database.db
      .insert(orders)
      .values({
        userId: member.id,
        status: ORDER_STATUS.PAID,
        totalGrosze: 123_00,
        isInvoice: true,
        invoiceData: {
          invoiceCompanyName: `Firma Zażółć ${i} Sp. z o.o.`,
          invoiceStreet: 'Marszałkowska',
          invoiceBuildingNumber: '10',
          invoicePostCode: '00-001',
          invoiceCity: 'Warszawa',
          taxNumberPrefix: 'PL',
          taxNumber: '5260250274',
        },
        paidAt: new Date(),
      })
      .returning({ id: orders.id });
    await database.db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      productName: product.namePl,
      quantity: 1,
      priceGrosze: 123_00,
    });
    ids.push(order!.id);
  }
  return ids;
}

describe('invoice numbering on two processes', () => {
  it('staff on both processes issue at the same instant: consecutive numbers, no gap, no duplicate', async () => {
    const staff = [
      await staffOn(a, 'OPERATOR'),
      await staffOn(a, 'ADMIN'),
      await staffOn(b, 'OPERATOR'),
      await staffOn(b, 'ADMIN'),
    ];
    const procs = [a, a, b, b];
    const ids = await paidInvoiceOrders(ORDERS);
    // Each order issued by one staff member; the first four also by a second one on the other process.
    const requests = ids.flatMap((id, i) => {
      const k = i % staff.length;
      const one = { id, k };
      return i < 4 ? [one, { id, k: (k + 2) % staff.length }] : [one];
    });
    const answers = await Promise.all(
      requests.map(({ id, k }) => call(`${procs[k]!.api}/admin/invoices/orders/${id}/issue`, staff[k]!, {})),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ORDERS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.code).toBe('INVOICE_EXISTS');

    const rows = await database.db
      .select()
      .from(invoices)
      .where(and(inArray(invoices.orderId, ids), eq(invoices.kind, 'INVOICE')));
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(ORDERS);
    const sequences = rows.map((r) => r.sequence).sort((x, y) => x - y);
    expect(sequences).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    const numbers = rows.map((r) => r.number);
    expect(new Set(numbers).size).toBe(ORDERS);
    const year = rows[0]!.issueDate.slice(0, 4);
    for (const r of rows) expect(r.number).toBe(`FV/${year}/${String(r.sequence).padStart(6, '0')}`);
    // Both processes issued some, and each issue is in the audit log with who did it.
    const issuedBy = answers.filter((r) => r.status === 200).map((r) => r.body.data.number as string);
    expect(new Set(issuedBy)).toEqual(new Set(numbers));
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.action, 'issue')));
    expect(audits).toHaveLength(ORDERS);
    expect(new Set(audits.map((x) => x.actorEmail))).toEqual(new Set(staff.map((s) => s.email)));
  });
});
