import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';
import { customerInterests, customers, orderItems, orders, outbox, sessions, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST customers/remove-account', () => {
  it('ends every session, removes personal data, keeps orders anonymised and frees the e-mail', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const first = await signedInAs(t.app, member.email);
    const second = await signedInAs(t.app, member.email);
    await first.post('/customers/update-interests', { interests: [1, 2, 3, 4, 5, 6] });
    await first.post('/customers/update-invoice-data', {
      invoice_company_name: 'Firma',
      invoice_street: 'Polna',
      invoice_building_number: '1',
      invoice_post_code: '00-001',
      invoice_city: 'Warszawa',
      tax_number: '5260250274',
    });
    const buyer = { name: 'Test', surname: 'Member', email: member.email };
    const [paid] = await t.app.db
      .insert(orders)
      .values({
        userId: member.id,
        status: 'PAID',
        totalGrosze: 100000,
        isInvoice: true,
        invoiceData: { tax_number: '5260250274' },
        buyer,
      })
      .returning();
    const [cancelled] = await t.app.db
      .insert(orders)
      .values({
        userId: member.id,
        status: 'CANCELLED',
        totalGrosze: 100000,
        isInvoice: true,
        invoiceData: { tax_number: '5260250274' },
        buyer,
      })
      .returning();
    await t.app.db.insert(orderItems).values({
      orderId: paid!.id,
      productName: 'Dzień na torze',
      productStartDate: '2030-06-12',
      quantity: 2,
      priceGrosze: 50000,
      persons: [{ name: 'Ewa', surname: 'Nowak' }],
    });
    await t.app.db.insert(outbox).values({ to: member.email, subject: 'Hi', text: 'Hi', template: 'test' });

    const res = await first.post('/customers/remove-account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/club_session=;/);

    expect((await second.get('/auth/me')).statusCode).toBe(401);
    expect((await first.get('/customers/item')).statusCode).toBe(401);
    expect((await new Client(t.app).login(member.email, member.password)).statusCode).toBe(401);

    expect(await t.app.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect(await t.app.db.select().from(users).where(sql`lower(${users.email}) = ${member.email}`)).toEqual(
      [],
    );
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(await t.app.db.select().from(customers).where(eq(customers.userId, member.id))).toEqual([]);
    expect(
      await t.app.db.select().from(customerInterests).where(eq(customerInterests.userId, member.id)),
    ).toEqual([]);
    expect(await t.app.db.select().from(outbox).where(eq(outbox.to, member.email))).toEqual([]);

    const [keptPaid] = await t.app.db.select().from(orders).where(eq(orders.id, paid!.id));
    expect(keptPaid).toMatchObject({
      userId: null,
      status: 'PAID',
      totalGrosze: 100000,
      invoiceData: { tax_number: '5260250274' },
    });
    expect(keptPaid!.buyer).toMatchObject({ anonymised: true });
    expect(JSON.stringify(keptPaid!.buyer)).not.toContain(member.email);
    const [keptCancelled] = await t.app.db.select().from(orders).where(eq(orders.id, cancelled!.id));
    expect(keptCancelled).toMatchObject({ userId: null, invoiceData: null });
    const [item] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, paid!.id));
    expect(item).toMatchObject({ productName: 'Dzień na torze', quantity: 2, persons: [] });

    // The address can join again.
    const again = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    await t.app.db.update(users).set({ email: member.email }).where(eq(users.id, again.id));
    expect((await new Client(t.app).login(member.email, again.password)).statusCode).toBe(200);
  });

  it('is for customers only, with a session and the CSRF header', async () => {
    const dealer = await createTestUser(t.app.db, { type: 'DEALER' });
    const dealerClient = await signedInAs(t.app, dealer.email);
    expect((await dealerClient.post('/customers/remove-account')).statusCode).toBe(403);
    expect((await new Client(t.app).post('/customers/remove-account')).statusCode).toBe(401);
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const c = await signedInAs(t.app, member.email);
    const res = await c.post('/customers/remove-account', {}, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(await t.app.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
    expect((await c.get('/auth/me')).statusCode).toBe(200);
  });

  it('ends the calendar feed too', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    const c = await signedInAs(t.app, member.email);
    expect((await c.get(`/calendar/${row!.calendarToken}.ics`)).statusCode).toBe(200);
    await c.post('/customers/remove-account');
    expect((await new Client(t.app).get(`/calendar/${row!.calendarToken}.ics`)).statusCode).toBe(404);
  });
});
