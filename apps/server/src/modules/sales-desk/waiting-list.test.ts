import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, type Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { outbox, productNotifications, products, seatOffers } from '../../db/schema';
import { offerFreeSeats } from '../catalog/seat-offers';
import {
  createMember,
  createTestProduct,
  joinWaitingList,
  type Member,
  memberApi,
} from '../orders/test-fixtures';

/**
 * Issue 28 item 17: the seat board's waiting list (docs/waiting-list.md), on PGlite and PostgreSQL.
 * Staff see who holds a seat (until when) and who is in line (name, e-mail, since when, position);
 * they pass a held seat on to the next member or take a member off the line, each audited, through
 * the waiting list's own hold logic (the next member is offered the seat and mailed).
 */

let t: TestApp;
let operator: Client;
let operatorEn: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
  operatorEn = await staffClient(t.app, 'ADMIN', { language: 'en' });
}, 180_000);
afterAll(() => t?.close());

const offersOf = (productId: number) =>
  t.app.db.select().from(seatOffers).where(eq(seatOffers.productId, productId)).orderBy(asc(seatOffers.id));
const seatOfferMails = async (email: string) =>
  (await t.app.db.select().from(outbox).where(eq(outbox.to, email))).filter(
    (m) => m.template === 'seat-offer',
  );
const heldOf = async (id: number) =>
  (await t.app.db.select().from(products).where(eq(products.id, id)))[0]!.seatsHeld;

type List = {
  held: { offer_id: number; user_id: number; name: string; email: string; expires_at: string }[];
  line: { position: number; user_id: number; name: string; surname: string; email: string; since: string }[];
};

/** An experience with one seat, held for the first of `count` members in line (the rest wait). */
async function oneSeatHeld(count: number) {
  const { product } = await createTestProduct(t.app.db, { totalSeats: 1, memberLimit: 1 });
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const member = await createMember(t.app.db, { language: i % 2 ? 'en' : 'pl' });
    await joinWaitingList(t.app.db, product.id, member.id);
    members.push(member);
  }
  await t.app.db.transaction(async (tx) => {
    await tx.select().from(products).where(eq(products.id, product.id)).for('update');
    await offerFreeSeats(tx, t.app, product.id);
  });
  return { productId: product.id, members };
}

const list = async (productId: number, client: Client = operator) => {
  const res = await client.get(`/admin/sales/seats/${productId}/waiting-list`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as List;
};

describe('the seat board shows who is waiting', () => {
  it('lists the member holding the seat (until when) and the line with names, e-mails, since when and positions', async () => {
    const { productId, members } = await oneSeatHeld(3);
    const [first, second, third] = members as [Member, Member, Member];
    const view = await list(productId);
    const [offer] = await offersOf(productId);
    expect(view.held).toHaveLength(1);
    expect(view.held[0]).toMatchObject({
      offer_id: offer!.id,
      user_id: first.id,
      email: first.email,
      expires_at: offer!.expiresAt.toISOString(),
    });
    expect(view.held[0]!.name).not.toBe('');
    expect(view.line.map((m) => [m.position, m.user_id, m.email])).toEqual([
      [1, second.id, second.email],
      [2, third.id, third.email],
    ]);
    expect(Number.isNaN(Date.parse(view.line[0]!.since))).toBe(false);
  });

  it('an experience that does not exist: 404; a wrong id: 422', async () => {
    expect((await operator.get('/admin/sales/seats/2147483647/waiting-list')).statusCode).toBe(404);
    const bad = await operatorEn.get('/admin/sales/seats/abc/waiting-list');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().success).toBe(false);
  });
});

describe('passing a held seat on', () => {
  it('withdraws the hold, offers the seat to the next member (mailed), the first leaves the line; audited', async () => {
    const { productId, members } = await oneSeatHeld(3);
    const [first, second, third] = members as [Member, Member, Member];
    const [offer] = await offersOf(productId);
    const res = await operator.post(`/admin/sales/seats/${productId}/offers/${offer!.id}/pass-on`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data as List;
    expect(view.held.map((h) => h.user_id)).toEqual([second.id]);
    expect(view.line.map((m) => [m.position, m.user_id])).toEqual([[1, third.id]]);

    const offers = await offersOf(productId);
    expect(offers.map((o) => [o.userId, o.status])).toEqual([
      [first.id, 'WITHDRAWN'],
      [second.id, 'OFFERED'],
    ]);
    expect(await heldOf(productId)).toBe(1);
    expect(await seatOfferMails(second.email)).toHaveLength(1);
    const wishes = await t.app.db
      .select()
      .from(productNotifications)
      .where(eq(productNotifications.productId, productId));
    expect(wishes.map((w) => w.userId)).not.toContain(first.id);
    // The member whose hold was withdrawn no longer sees a seat held for them.
    const page = await memberApi(t.app, first).get(`/products/item/${productId}`);
    expect(page.json().data.held_until).toBeNull();

    const [row] = await auditRows(t.app, 'seat_offer', offer!.id);
    expect(row).toMatchObject({ action: 'pass-offer', actorEmail: operator.account!.email });
    expect(row!.before).toMatchObject({ user_id: first.id, status: 'OFFERED' });
    expect(row!.after).toMatchObject({ user_id: first.id, status: 'WITHDRAWN', offered_next: 1 });
  });

  it('an offer no longer open: 409 in the staff member’s language, nothing changed', async () => {
    const { productId } = await oneSeatHeld(2);
    const [offer] = await offersOf(productId);
    expect(
      (await operator.post(`/admin/sales/seats/${productId}/offers/${offer!.id}/pass-on`)).statusCode,
    ).toBe(200);
    const again = await operatorEn.post(`/admin/sales/seats/${productId}/offers/${offer!.id}/pass-on`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'SEAT_OFFER_CLOSED' });
    expect(again.json().message).toContain('no longer held');
    expect((await offersOf(productId)).map((o) => o.status)).toEqual(['WITHDRAWN', 'OFFERED']);
    // An offer of another experience is not this one's.
    const other = await oneSeatHeld(1);
    const [foreign] = await offersOf(other.productId);
    expect(
      (await operator.post(`/admin/sales/seats/${productId}/offers/${foreign!.id}/pass-on`)).statusCode,
    ).toBe(409);
    expect((await offersOf(other.productId))[0]!.status).toBe('OFFERED');
  });

  it('two staff members passing the same offer at once pass it once: one seat offered to the next, one 409', async () => {
    const { productId, members } = await oneSeatHeld(4);
    const [, second, third] = members as [Member, Member, Member, Member];
    const [offer] = await offersOf(productId);
    const url = `/admin/sales/seats/${productId}/offers/${offer!.id}/pass-on`;
    const answers = await Promise.all([operator.post(url), operatorEn.post(url)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const open = (await offersOf(productId)).filter((o) => o.status === 'OFFERED');
    expect(open.map((o) => o.userId)).toEqual([second.id]);
    expect(await heldOf(productId)).toBe(1);
    expect(await seatOfferMails(third.email)).toHaveLength(0);
    expect(await auditRows(t.app, 'seat_offer', offer!.id)).toHaveLength(1);
  });
});

describe('taking a member off the waiting list', () => {
  it('a member in line leaves it (positions move up); the holder leaves it and the seat goes to the next; audited', async () => {
    const { productId, members } = await oneSeatHeld(4);
    const [first, second, third, fourth] = members as [Member, Member, Member, Member];
    const removed = await operator.request(
      'DELETE',
      `/admin/sales/seats/${productId}/waiting-list/${third.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().data as List).line.map((m) => [m.position, m.user_id])).toEqual([
      [1, second.id],
      [2, fourth.id],
    ]);
    const [row] = await auditRows(t.app, 'waiting_list', productId);
    expect(row).toMatchObject({ action: 'remove-from-waiting-list', actorEmail: operator.account!.email });
    expect(row!.before).toMatchObject({ user_id: third.id, held_offer_id: null });

    const holder = await operator.request(
      'DELETE',
      `/admin/sales/seats/${productId}/waiting-list/${first.id}`,
    );
    expect(holder.statusCode, holder.body).toBe(200);
    const view = holder.json().data as List;
    expect(view.held.map((h) => h.user_id)).toEqual([second.id]);
    expect(view.line.map((m) => m.user_id)).toEqual([fourth.id]);
    expect(await heldOf(productId)).toBe(1);
    expect(await seatOfferMails(second.email)).toHaveLength(1);
  });

  it('a member not in line: 404 in the staff member’s language; a wrong id: 422', async () => {
    const { productId } = await oneSeatHeld(1);
    const stranger = await createMember(t.app.db);
    const res = await operatorEn.request(
      'DELETE',
      `/admin/sales/seats/${productId}/waiting-list/${stranger.id}`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This member is no longer on the waiting list.');
    const bad = await operator.request('DELETE', `/admin/sales/seats/${productId}/waiting-list/-1`);
    expect(bad.statusCode).toBe(422);
    expect(await heldOf(productId)).toBe(1);
  });
});

describe('who may act', () => {
  it('anonymous 401, a member 403, staff without the CSRF header 403; nothing changes', async () => {
    const { productId, members } = await oneSeatHeld(2);
    const [offer] = await offersOf(productId);
    const passUrl = `/admin/sales/seats/${productId}/offers/${offer!.id}/pass-on`;
    const removeUrl = `/admin/sales/seats/${productId}/waiting-list/${members[1]!.id}`;
    const anonymous = memberApi(t.app, null);
    expect((await anonymous.get(`/admin/sales/seats/${productId}/waiting-list`)).statusCode).toBe(401);
    expect((await anonymous.post(passUrl)).statusCode).toBe(401);
    const member = memberApi(t.app, members[0]!);
    expect((await member.get(`/admin/sales/seats/${productId}/waiting-list`)).statusCode).toBe(403);
    expect((await member.post(passUrl)).statusCode).toBe(403);
    expect((await member.delete(removeUrl)).statusCode).toBe(403);
    expect((await operator.post(passUrl, {}, { csrf: false })).statusCode).toBe(403);
    expect((await operator.request('DELETE', removeUrl, undefined, { csrf: false })).statusCode).toBe(403);
    expect((await offersOf(productId)).map((o) => o.status)).toEqual(['OFFERED']);
    expect((await list(productId)).line).toHaveLength(1);
  });
});
