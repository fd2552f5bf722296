import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';
import type { Tx } from '../../db/client';
import { consentEvents, consentProofs, orders, products, seatOffers } from '../../db/schema';
import { keyringOf } from '../../lib/pii-crypto';
import { consentProofSubject, eraseAccount, erasureDeps } from './erasure';
import { fillAccount, type Identity, newIdentity } from './erasure-fill';
import { KEPT_AFTER_REMOVAL } from './register';

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? r) as T[];

type Person = { id: number; email: string; who: Identity };
const needlesOf = (p: Person) =>
  [p.email, p.who.name, p.who.surname, p.who.phone, p.who.street, p.who.city, p.who.pesel].map((n) =>
    n.toLowerCase(),
  );

/**
 * For each person, every text and JSON value of every table of the live schema that holds one of
 * their identifiers: `table.column` → how many rows. One pass over the tables for all of them.
 */
async function whereAre(db: Tx, people: Person[]): Promise<Record<string, number>[]> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((r) => r.table_name);
  const needles = people.map(needlesOf);
  const found: Record<string, number>[] = people.map(() => ({}));
  const like = sql.join(
    needles.flat().map((n) => sql`lower(t::text) like ${`%${n}%`}`),
    sql` or `,
  );
  for (const table of tables) {
    const rows = rowsOf<{ r: Record<string, unknown> }>(
      await db.execute(sql`select to_jsonb(t) as r from ${sql.identifier(table)} t where ${like}`),
    );
    for (const { r } of rows) {
      const row = typeof r === 'string' ? (JSON.parse(r) as Record<string, unknown>) : r;
      for (const [column, value] of Object.entries(row)) {
        const text = JSON.stringify(value ?? '').toLowerCase();
        needles.forEach((mine, i) => {
          if (mine.some((n) => text.includes(n)))
            found[i]![`${table}.${column}`] = (found[i]![`${table}.${column}`] ?? 0) + 1;
        });
      }
    }
  }
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('removing an account reaches every table', () => {
  it('leaves a removed member and dealer only where the register keeps them, and nobody else changes', {
    timeout: 90_000,
  }, async () => {
    const db = t.app.db;
    const ring = keyringOf(t.app.config);
    const make = async (type: 'CUSTOMER' | 'DEALER'): Promise<Person> => ({
      ...(await createTestUser(db, { type })),
      who: newIdentity(),
    });
    const [member, other, dealer, otherDealer] = [
      await make('CUSTOMER'),
      await make('CUSTOMER'),
      await make('DEALER'),
      await make('DEALER'),
    ];
    const filled = await fillAccount(db, ring, member!, member!.who, {
      notifyDealerEmail: otherDealer!.email,
    });
    await fillAccount(db, ring, other!, other!.who, { notifyDealerEmail: otherDealer!.email });
    await fillAccount(db, ring, dealer!, dealer!.who, { dealer: true });
    await fillAccount(db, ring, otherDealer!, otherDealer!.who, { dealer: true });
    const history = await db.select().from(consentEvents).where(eq(consentEvents.userId, member!.id));
    expect(history.length).toBeGreaterThanOrEqual(3);
    const [offer] = await db.select().from(seatOffers).where(eq(seatOffers.userId, member!.id));
    const [heldBefore] = await db
      .select({ held: products.seatsHeld })
      .from(products)
      .where(eq(products.id, offer!.productId));
    const openBefore = await db
      .select()
      .from(seatOffers)
      .where(sql`${seatOffers.productId} = ${offer!.productId} and ${seatOffers.status} = 'OFFERED'`);

    const [beforeMember, beforeOther, beforeDealer, beforeOtherDealer] = await whereAre(db, [
      member!,
      other!,
      dealer!,
      otherDealer!,
    ]);
    const before = { member: beforeMember!, other: beforeOther!, otherDealer: beforeOtherDealer! };
    // Filled everywhere the register says a member's data lives.
    for (const place of [
      'users.email',
      'customers.invoice_street',
      'cart_items.persons',
      'orders.buyer',
      'order_items.persons',
      'tickets.surname',
      'invoices.buyer_name',
      'outbox.text',
      'attendee_mail_recipients.name',
      'audit_log.after',
      'rate_limits.key',
      'ksef_submissions.xml',
      'gallery_images.caption_pl',
    ])
      expect(before.member[place], place).toBeGreaterThan(0);
    expect(beforeDealer!['bonus_signups.name']).toBe(1);

    // The member's own removal (the account screen), then the dealer's (staff's path).
    const client = await signedInAs(t.app, member!.email);
    expect((await client.post('/customers/remove-account')).statusCode).toBe(200);
    expect(await db.transaction((tx) => eraseAccount(tx, erasureDeps(t.app), dealer!.id))).not.toBeNull();

    const [left = {}, dealerLeft = {}, otherNow, otherDealerNow] = await whereAre(db, [
      member!,
      dealer!,
      other!,
      otherDealer!,
    ]);
    expect(Object.keys(left).filter((place) => !KEPT_AFTER_REMOVAL.includes(place))).toEqual([]);
    expect(left['invoices.buyer_name']).toBe(1);
    expect(left['orders.invoice_data']).toBe(1);
    // The dealer's invoiced order is kept like the member's; the bonus data (and its PESEL) is gone.
    const invoiceRecord = [
      'invoices.buyer_name',
      'invoices.data',
      'ksef_submissions.xml',
      'orders.invoice_data',
    ];
    expect(invoiceRecord.every((place) => KEPT_AFTER_REMOVAL.includes(place))).toBe(true);
    expect(Object.keys(left).sort()).toEqual(invoiceRecord);
    expect(Object.keys(dealerLeft!).sort()).toEqual(invoiceRecord);
    // Nobody else's data moved.
    expect(otherNow).toEqual(before.other);
    expect(otherDealerNow).toEqual(before.otherDealer);

    // The kept order: no account, buyer anonymised, invoice data kept; the cancelled one lost it.
    const [kept] = await db.select().from(orders).where(eq(orders.id, filled.orderId));
    expect(kept).toMatchObject({ userId: null, buyer: { anonymised: true } });
    expect(kept!.invoiceData).not.toBeNull();
    // The open hold went back to the experience.
    const [heldAfter] = await db
      .select({ held: products.seatsHeld })
      .from(products)
      .where(eq(products.id, offer!.productId));
    const open = await db
      .select()
      .from(seatOffers)
      .where(sql`${seatOffers.productId} = ${offer!.productId} and ${seatOffers.status} = 'OFFERED'`);
    expect(heldAfter!.held - heldBefore!.held).toBe(open.length - openBefore.length);
    // Proof of consent kept under the e-mail's HMAC, nothing else of the member in it.
    const proofs = await db
      .select()
      .from(consentProofs)
      .where(eq(consentProofs.subject, consentProofSubject(ring.current, member!.email.toUpperCase())));
    expect(proofs.map((p) => [p.consent, p.given])).toEqual(history.map((h) => [h.consent, h.given]));

    // Idempotent: a second removal finds nothing and changes nothing.
    expect(await db.transaction((tx) => eraseAccount(tx, erasureDeps(t.app), member!.id))).toBeNull();
    expect((await whereAre(db, [member!]))[0]).toEqual(left);
  });
});
