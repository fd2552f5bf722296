import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, type Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { checkInLists, products, tickets } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { createMember, createTestProduct, memberApi } from '../orders/test-fixtures';
import { placeDeskOrder } from '../sales-desk/test-fixtures';

/**
 * The check-in lists staff manage (issue 29, docs/event-day.md): the door list, lists added,
 * renamed and removed with their audit rows, check-out only where a list keeps it, the gate's read
 * of the experiences staying a pure read; validation in the staff member's language, 401/403/CSRF.
 */
let t: TestApp;
let operator: Client;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
  admin = await staffClient(t.app, 'ADMIN', { language: 'en' });
});
afterAll(() => t?.close());

/** A booking the desk marks paid (its tickets issued, the default list made), with the people's surnames set. */
async function paidBooking(productId: number | undefined, quantity: number) {
  const placed = await placeDeskOrder(t.app, { quantity, productId, product: { memberLimit: 3 } });
  const paid = await operator.post(`/admin/sales/orders/${placed.orderId}/mark-paid`, { reference: 'IN/1' });
  expect(paid.statusCode, paid.body).toBe(200);
  return placed;
}

const lists = async (productId: number) =>
  t.app.db.select().from(checkInLists).where(eq(checkInLists.productId, productId)).orderBy(checkInLists.id);
const patch = (client: Client, id: number, body: unknown, opts?: { csrf?: boolean }) =>
  client.request('PATCH', `/admin/check-in/lists/${id}`, body, opts);
const fieldError = (
  res: { statusCode: number; body: string; json: () => { errors: Record<string, string[]> } },
  field: string,
) => {
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors[field]?.[0];
};

describe('the door list', () => {
  it('lists every attendee by surname with the ticks of this list and the gate’s counts', async () => {
    const first = await paidBooking(undefined, 2);
    const productId = first.productId;
    const second = await paidBooking(productId, 1);
    await t.app.db.update(tickets).set({ surname: 'Adamska' }).where(eq(tickets.orderId, second.orderId));
    // A cancelled booking: its void ticket is nobody the door expects.
    const cancelled = await paidBooking(productId, 1);
    await operator.post(`/admin/sales/orders/${cancelled.orderId}/cancel`, { reason: 'x' });
    const [main] = await lists(productId);
    const url = `/admin/check-in/lists/${main!.id}/door-list`;

    const before = (await operator.get(url)).json().data;
    expect(before.list).toEqual({ id: main!.id, name: null, is_default: true, allows_check_out: false });
    expect(before.experience).toMatchObject({ id: productId });
    expect(before.attendees.map((a: { surname: string }) => a.surname)).toEqual([
      'Adamska',
      'Gęślą-Jaźń',
      'Świętochowska',
    ]);
    expect(
      before.attendees.every((a: { in_at: null; status: string }) => !a.in_at && a.status === 'VALID'),
    ).toBe(true);
    expect(before.counts).toEqual({ expected: 3, in: 0, not_yet: 3 });
    expect(JSON.stringify(before)).not.toMatch(/"code"/);

    // A tick is the gate's check-in: the door list and the gate's counts agree.
    const adamska = before.attendees[0].ticket_id;
    const tick = await operator.post(`/admin/check-in/lists/${main!.id}/check-in`, { ticket_id: adamska });
    expect(tick.json().data.result).toBe('IN');
    const after = (await operator.get(url)).json().data;
    expect(after.attendees[0].in_at).not.toBeNull();
    expect(after.counts).toEqual({ expected: 3, in: 1, not_yet: 2 });
    expect((await operator.get(`/admin/check-in/lists/${main!.id}`)).json().data.counts).toEqual(
      after.counts,
    );

    // After the event: the dashboard's attendance, from the check-ins (the void ticket is nobody's no-show).
    await t.app.db.update(products).set({ startDate: clubToday() }).where(eq(products.id, productId));
    const dashboard = (await operator.get('/admin/dashboard?weeks=4')).json().data;
    expect(
      dashboard.attendance.find((a: { product_id: number }) => a.product_id === productId),
    ).toMatchObject({
      expected: 3,
      came: 1,
      no_show: 2,
    });
    // And in the desk's CSV of the attendees: who came, who did not.
    const csv = (await admin.get(`/admin/sales/seats/${productId}/attendees.csv`)).rawPayload.toString(
      'utf8',
    );
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]).toMatch(/;Attendance$/);
    const of = (orderId: number) => rows.filter((r) => r.startsWith(`${orderId};`));
    expect(of(second.orderId).map((r) => r.split(';').at(-1))).toEqual(['came']);
    expect(of(first.orderId).map((r) => r.split(';').at(-1))).toEqual(['no-show', 'no-show']);

    // The attendee list is the experience's; the ticks are the list's own.
    const paddock = (
      await operator.post(`/admin/check-in/experiences/${productId}/lists`, { name: 'Paddock' })
    ).json().data;
    const onPaddock = (await operator.get(`/admin/check-in/lists/${paddock.id}/door-list`)).json().data;
    expect(onPaddock.attendees).toHaveLength(3);
    expect(onPaddock.attendees.every((a: { in_at: null }) => a.in_at === null)).toBe(true);

    expect((await operator.get('/admin/check-in/lists/999999/door-list')).statusCode).toBe(404);
    expect((await operator.get('/admin/check-in/lists/0/door-list')).statusCode).toBe(422);
  });
});

describe('lists made in the console', () => {
  it('adds, renames and removes lists with audit rows; check-out only where the list keeps it', async () => {
    const placed = await paidBooking(undefined, 2);
    const productId = placed.productId;
    const [main] = await lists(productId);
    const base = `/admin/check-in/experiences/${productId}/lists`;

    const created = await operator.post(base, { name: '  Padok  ', allows_check_out: true });
    expect(created.statusCode, created.body).toBe(200);
    const paddock = created.json().data;
    expect(paddock).toMatchObject({ name: 'Padok', is_default: false, allows_check_out: true });
    const [row] = await auditRows(t.app, 'check-in-list', paddock.id);
    expect(row).toMatchObject({ action: 'create', actorId: operator.account!.id });
    const experiences = (await operator.get('/admin/check-in/experiences')).json().data;
    expect(experiences.find((e: { id: number }) => e.id === productId).lists).toEqual([
      { id: main!.id, name: null, is_default: true, allows_check_out: false },
      paddock,
    ]);

    // Validation, in the staff member's language.
    expect(fieldError(await operator.post(base, { name: 'padok' }), 'name')).toBe(
      'To wydarzenie ma już listę o tej nazwie.',
    );
    expect(fieldError(await admin.post(base, { name: 'PADOK' }), 'name')).toBe(
      'This experience already has a list of that name.',
    );
    fieldError(await operator.post(base, { name: '   ' }), 'name');
    fieldError(await operator.post(base, {}), 'name');
    fieldError(await operator.post(base, { name: 'x'.repeat(61) }), 'name');
    fieldError(await operator.post(base, { name: 'Kolacja', allows_check_out: 'yes' }), 'allows_check_out');
    expect((await operator.post('/admin/check-in/experiences/999999/lists', { name: 'A' })).statusCode).toBe(
      404,
    );

    // Check-out: refused on the main entrance (its setting is off), kept on the paddock.
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.orderId, placed.orderId));
    for (const list of [main!.id, paddock.id])
      await operator.post(`/admin/check-in/lists/${list}/check-in`, { ticket_id: ticket!.id });
    const refused = await admin.post(`/admin/check-in/lists/${main!.id}/check-out`, {
      ticket_id: ticket!.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CHECK_OUT_NOT_ALLOWED' });
    expect(refused.json().message).toMatch(/does not keep check-outs/);
    const out = await operator.post(`/admin/check-in/lists/${paddock.id}/check-out`, {
      ticket_id: ticket!.id,
    });
    expect(out.json().data.result).toBe('OUT');

    // Rename and the setting; a taken name; nothing to change.
    const renamed = await patch(operator, main!.id, { name: 'Brama A', allows_check_out: true });
    expect(renamed.json().data).toEqual({
      id: main!.id,
      name: 'Brama A',
      is_default: true,
      allows_check_out: true,
    });
    const [change] = await auditRows(t.app, 'check-in-list', main!.id);
    expect(change).toMatchObject({
      action: 'update',
      before: { name: null, allows_check_out: false },
      after: { name: 'Brama A', allows_check_out: true },
    });
    expect(fieldError(await patch(operator, paddock.id, { name: 'brama a' }), 'name')).toBe(
      'To wydarzenie ma już listę o tej nazwie.',
    );
    fieldError(await patch(operator, paddock.id, {}), 'name');
    fieldError(await patch(operator, paddock.id, { name: '' }), 'name');
    expect((await patch(operator, 999999, { name: 'X' })).statusCode).toBe(404);

    // Removing: the main list stays, a used list stays, an unused one goes.
    const keepMain = await operator.request('DELETE', `/admin/check-in/lists/${main!.id}`);
    expect(keepMain.json()).toMatchObject({ code: 'LIST_IS_DEFAULT' });
    const keepUsed = await operator.request('DELETE', `/admin/check-in/lists/${paddock.id}`);
    expect(keepUsed.statusCode).toBe(409);
    expect(keepUsed.json()).toMatchObject({ code: 'LIST_IN_USE' });
    const dinner = (await operator.post(base, { name: 'Kolacja' })).json().data;
    const removed = await operator.request('DELETE', `/admin/check-in/lists/${dinner.id}`);
    expect(removed.json().data).toEqual({ id: dinner.id });
    expect((await lists(productId)).map((l) => l.id)).toEqual([main!.id, paddock.id]);
    expect((await auditRows(t.app, 'check-in-list', dinner.id))[0]).toMatchObject({ action: 'delete' });
    expect((await operator.request('DELETE', `/admin/check-in/lists/${dinner.id}`)).statusCode).toBe(404);
  });

  it('a new list of an experience without tickets makes its main entrance first; the gate’s read writes nothing', async () => {
    const { product } = await createTestProduct(t.app.db);
    const total = async () => (await t.app.db.select({ n: count() }).from(checkInLists))[0]!.n;
    const before = await total();
    const read = await operator.get('/admin/check-in/experiences');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.find((e: { id: number }) => e.id === product.id)?.lists ?? []).toEqual([]);
    expect(await total()).toBe(before);
    await operator.post(`/admin/check-in/experiences/${product.id}/lists`, { name: 'Paddock' });
    expect((await lists(product.id)).map((l) => [l.isDefault, l.name])).toEqual([
      [true, null],
      [false, 'Paddock'],
    ]);
  });

  it('refuses the unsigned (401), members (403) and writes without the CSRF header (403)', async () => {
    const member = await createMember(t.app.db);
    const asMember = memberApi(t.app, member);
    const anonymous = memberApi(t.app, null);
    expect((await anonymous.get('/admin/check-in/lists/1/door-list')).statusCode).toBe(401);
    expect((await asMember.get('/admin/check-in/lists/1/door-list')).statusCode).toBe(403);
    expect((await anonymous.post('/admin/check-in/experiences/1/lists', { name: 'A' })).statusCode).toBe(401);
    expect((await asMember.post('/admin/check-in/experiences/1/lists', { name: 'A' })).statusCode).toBe(403);
    expect((await anonymous.delete('/admin/check-in/lists/1')).statusCode).toBe(401);
    expect((await asMember.delete('/admin/check-in/lists/1')).statusCode).toBe(403);
    const patchAs = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/panel/api/v1/admin/check-in/lists/1',
        headers,
        payload: { name: 'A' },
      });
    expect((await patchAs({})).statusCode).toBe(401);
    expect((await patchAs({ cookie: member.cookie, 'x-csrf-token': member.csrf })).statusCode).toBe(403);
    for (const res of [
      await operator.post('/admin/check-in/experiences/1/lists', { name: 'A' }, { csrf: false }),
      await patch(operator, 1, { name: 'A' }, { csrf: false }),
      await operator.request('DELETE', '/admin/check-in/lists/1', undefined, { csrf: false }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  });
});
