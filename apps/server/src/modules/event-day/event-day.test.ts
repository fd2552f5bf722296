import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  type Client,
  createTestApp,
  DB_KIND,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { checkIns, checkInLists, orders, tickets, users } from '../../db/schema';
import { issueMissingTickets } from '../../db/seed/event-day';
import { createMember, createTestProduct, memberApi } from '../orders/test-fixtures';
import { sandboxProvider } from '../payments/sandbox-provider';
import { placeDeskOrder } from '../sales-desk/test-fixtures';
import { defaultListOf as sharedDefaultListOf, paidBooking as sharedPaidBooking } from './test-fixtures';
import { issueTickets } from './tickets';

/**
 * The event day (issue 29, docs/event-day.md): tickets issued wherever an order becomes paid and
 * voided wherever it is cancelled or refunded in full; the member's own tickets; the staff's gate
 * (scan, search, check-in, override, check-out) with its typed answers, its validation and access.
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

const ticketsOf = (orderId: number) =>
  t.app.db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.seat);

const paidBooking = (opts: { quantity?: number; productId?: number } = {}) => sharedPaidBooking(t.app, opts);
const defaultListOf = (productId: number) => sharedDefaultListOf(operator, productId);

const scan = (client: Client, listId: number, code: string, gate: string | null = 'Brama 2') =>
  client.post(`/admin/check-in/lists/${listId}/scan`, { code, gate });

describe('tickets', () => {
  it('a paid online booking gives one ticket per attendee with a random url-safe code; a repeated notification gives none', async () => {
    const placed = await paidBooking({ quantity: 3 });
    const rows = await ticketsOf(placed.orderId);
    expect(rows.map((r) => [r.seat, r.name, r.surname, r.status])).toEqual([
      [0, 'Zażółć', 'Gęślą-Jaźń', 'VALID'],
      [1, 'Łucja0', 'Świętochowska', 'VALID'],
      [2, 'Łucja1', 'Świętochowska', 'VALID'],
    ]);
    for (const r of rows) {
      expect(r.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(r.code).not.toContain(String(placed.orderId));
    }
    expect(new Set(rows.map((r) => r.code)).size).toBe(3);
    // The same notification again, and the issuing itself again: still three.
    const provider = await sandboxProvider(t.app);
    const ref = decodeURIComponent(placed.paymentUrl.split('/').pop()!);
    for (const eventId of [`evt-${ref}`, `evt-${ref}-again`]) {
      await t.app.inject({
        method: 'POST',
        url: '/panel/api/v1/payments/notify/sandbox',
        payload: provider.signNotification({ eventId, ref, status: 'PAID', amountGrosze: 450_000 }),
      });
    }
    expect(await t.app.db.transaction((tx) => issueTickets(tx, placed.orderId))).toBe(0);
    expect(await ticketsOf(placed.orderId)).toHaveLength(3);
    // The experience got its default check-in list.
    const lists = await t.app.db
      .select()
      .from(checkInLists)
      .where(eq(checkInLists.productId, placed.productId));
    expect(lists.filter((l) => l.isDefault)).toHaveLength(1);
  });

  it('an unpaid order has none; the desk marking it paid issues them; the desk cancelling voids them at once', async () => {
    const placed = await placeDeskOrder(t.app, { quantity: 2 });
    expect(await ticketsOf(placed.orderId)).toHaveLength(0);
    const paid = await operator.post(`/admin/sales/orders/${placed.orderId}/mark-paid`, {
      reference: 'IN/1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await ticketsOf(placed.orderId)).map((r) => r.status)).toEqual(['VALID', 'VALID']);
    const cancelled = await operator.post(`/admin/sales/orders/${placed.orderId}/cancel`, { reason: 'x' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await ticketsOf(placed.orderId);
    expect(rows.map((r) => [r.status, r.voidReason])).toEqual([
      ['VOID', 'CANCELLED'],
      ['VOID', 'CANCELLED'],
    ]);
  });

  it('a free order is paid when placed and has its tickets', async () => {
    const { product } = await createTestProduct(t.app.db, { priceGrosze: 0 });
    const placed = await placeDeskOrder(t.app, { productId: product.id, quantity: 1 });
    expect(await ticketsOf(placed.orderId)).toHaveLength(1);
  });

  it('a refund in full voids the tickets (online and by transfer); a partial refund keeps them', async () => {
    const online = await paidBooking({ quantity: 1 });
    const part = await operator.post(`/admin/sales/orders/${online.orderId}/refund`, { amount: 500 });
    expect(part.statusCode, part.body).toBe(200);
    expect((await ticketsOf(online.orderId))[0]!.status).toBe('VALID');
    const rest = await operator.post(`/admin/sales/orders/${online.orderId}/refund`, { amount: 1000 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await ticketsOf(online.orderId))[0]).toMatchObject({ status: 'VOID', voidReason: 'REFUNDED' });

    const desk = await placeDeskOrder(t.app, { quantity: 1 });
    await operator.post(`/admin/sales/orders/${desk.orderId}/mark-paid`, { reference: 'IN/2' });
    const manual = await operator.post(`/admin/sales/orders/${desk.orderId}/refund`, {
      amount: 1500,
      reference: 'OUT/1',
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect((await ticketsOf(desk.orderId))[0]!.status).toBe('VOID');
  });
});

describe('orders paid before tickets existed', () => {
  it("get theirs from migration 0024's statements (the demo seed runs them too), once", async () => {
    // Paid by a direct update, as the demo seed and the orders before migration 0024 were.
    const placed = await placeDeskOrder(t.app, { quantity: 2 });
    await t.app.db
      .update(orders)
      .set({ status: 'PAID', paidAt: new Date(), expiresAt: null })
      .where(eq(orders.id, placed.orderId));
    expect(await ticketsOf(placed.orderId)).toHaveLength(0);
    await issueMissingTickets(t.app.db);
    await issueMissingTickets(t.app.db);
    const rows = await ticketsOf(placed.orderId);
    expect(rows.map((r) => [r.seat, r.name, r.surname])).toEqual([
      [0, 'Zażółć', 'Gęślą-Jaźń'],
      [1, 'Łucja0', 'Świętochowska'],
    ]);
    for (const r of rows) expect(r.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe("the member's tickets", () => {
  it('shows the own tickets of an order (voided too) and all the valid ones; never another member’s', async () => {
    const placed = await paidBooking({ quantity: 2 });
    const mine = await placed.api.get(`/tickets?order_id=${placed.orderId}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const list = mine.json().data as {
      code: string;
      is_member: boolean;
      status: string;
      experience: string;
    }[];
    expect(list.map((x) => x.is_member)).toEqual([true, false]);
    expect(list[0]!.experience).toMatch(/^Jazda testowa/);
    const valid = (await placed.api.get('/tickets')).json().data as { order_id: number }[];
    expect(valid.filter((x) => x.order_id === placed.orderId)).toHaveLength(2);
    await operator.post(`/admin/sales/orders/${placed.orderId}/cancel`, {});
    expect((await placed.api.get('/tickets')).json().data).toEqual([]);
    const voided = (await placed.api.get(`/tickets?order_id=${placed.orderId}`)).json().data as {
      status: string;
    }[];
    expect(voided.map((x) => x.status)).toEqual(['VOID', 'VOID']);

    const other = memberApi(t.app, await createMember(t.app.db));
    expect((await other.get(`/tickets?order_id=${placed.orderId}`)).json().data).toEqual([]);
    expect((await other.get('/tickets')).json().data).toEqual([]);
  });

  it('validates the order number, and refuses the unsigned and the staff', async () => {
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.get('/tickets?order_id=abc')).statusCode).toBe(422);
    expect((await member.get('/tickets?order_id=-1')).statusCode).toBe(422);
    expect((await member.get('/tickets?order_id=')).statusCode).toBe(200);
    expect((await memberApi(t.app, null).get('/tickets')).statusCode).toBe(401);
    expect((await operator.get('/tickets')).statusCode).toBe(403);
  });
});

describe('the gate', () => {
  it('lists the coming experiences with a default list, and the list with its counts', async () => {
    const placed = await paidBooking({ quantity: 2 });
    const listId = await defaultListOf(placed.productId);
    const res = await admin.get(`/admin/check-in/lists/${listId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      list: { id: listId, is_default: true, name: null },
      experience: { id: placed.productId },
      counts: { expected: 2, in: 0, not_yet: 2 },
    });
    expect(res.json().data.experience.name).toMatch(/^Test drive/);
    expect((await admin.get('/admin/check-in/lists/999999')).statusCode).toBe(404);
    expect((await admin.get('/admin/check-in/lists/abc')).statusCode).toBe(422);
  });

  it('scans: in with the name and the party, then already in with when, by whom and the gate', async () => {
    const placed = await paidBooking({ quantity: 2 });
    const listId = await defaultListOf(placed.productId);
    const [member, guest] = await ticketsOf(placed.orderId);
    // Typed as the ticket shows it, in groups of four.
    const first = await scan(operator, listId, `  ${member!.code.match(/.{1,4}/g)!.join(' ')} `);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      result: 'IN',
      attendee: { name: 'Zażółć', surname: 'Gęślą-Jaźń', is_member: true, party: ['Łucja0 Świętochowska'] },
      counts: { expected: 2, in: 1, not_yet: 1 },
    });
    const [staff] = await t.app.db.select().from(users).where(eq(users.id, operator.account!.id));
    const by = `${staff!.name} ${staff!.surname}`.trim() || null;
    // The "in" answer shows its own check-in: when, by whom, at which gate.
    const letIn = first.json().data.attendee.check_in;
    expect(letIn).toMatchObject({ by, gate: 'Brama 2', checked_out_at: null, is_override: false });
    expect(Math.abs(Date.parse(letIn.at) - Date.now())).toBeLessThan(60_000);
    const second = await scan(admin, listId, member!.code, 'Gate 1');
    expect(second.json().data).toMatchObject({
      result: 'ALREADY_IN',
      attendee: { check_in: { at: letIn.at, by, gate: 'Brama 2', checked_out_at: null } },
      counts: { in: 1 },
    });
    expect((await scan(operator, listId, guest!.code, null)).json().data.result).toBe('IN');
  });

  it('answers unknown for a forged or altered code, another experience, and cancelled for a void ticket', async () => {
    const a = await paidBooking({ quantity: 1 });
    const b = await paidBooking({ quantity: 1 });
    const listA = await defaultListOf(a.productId);
    const [ticketA] = await ticketsOf(a.orderId);
    const [ticketB] = await ticketsOf(b.orderId);
    const altered = `${ticketA!.code.slice(0, -1)}${ticketA!.code.endsWith('A') ? 'B' : 'A'}`;
    const unknown = (await scan(operator, listA, altered)).json().data;
    expect(unknown).toMatchObject({ result: 'UNKNOWN', attendee: null });
    expect((await scan(operator, listA, 'x'.repeat(200))).json().data.result).toBe('UNKNOWN');
    const other = (await scan(operator, listA, ticketB!.code)).json().data;
    expect(other.result).toBe('OTHER_EXPERIENCE');
    expect(other.other_experience).toMatch(/^Jazda testowa/);
    await operator.post(`/admin/sales/orders/${a.orderId}/cancel`, {});
    expect((await scan(operator, listA, ticketA!.code)).json().data).toMatchObject({
      result: 'VOID',
      attendee: { status: 'VOID' },
      counts: { expected: 0 },
    });
  });

  it("finds a member's ticket by the club card's number, and says not paid for an unpaid booking", async () => {
    const paid = await paidBooking({ quantity: 1 });
    const listId = await defaultListOf(paid.productId);
    await t.app.db
      .update(users)
      .set({ cardNumber: `EC-2026-9${paid.member.id}` })
      .where(eq(users.id, paid.member.id));
    const byCard = (await scan(operator, listId, `ec-2026-9${paid.member.id}`)).json().data;
    expect(byCard).toMatchObject({
      result: 'IN',
      attendee: { is_member: true, card_number: `EC-2026-9${paid.member.id}` },
    });

    const waiting = await placeDeskOrder(t.app, { productId: paid.productId, quantity: 1 });
    await t.app.db
      .update(users)
      .set({ cardNumber: `EC-2026-8${waiting.member.id}` })
      .where(eq(users.id, waiting.member.id));
    expect((await scan(operator, listId, `EC-2026-8${waiting.member.id}`)).json().data.result).toBe(
      'NOT_PAID',
    );
  });

  it('searches by surname, order number and club card number; lets a found ticket in; checks out and in again', async () => {
    const placed = await paidBooking({ quantity: 2 });
    const listId = await defaultListOf(placed.productId);
    await t.app.db
      .update(users)
      .set({ cardNumber: `EC-2026-7${placed.member.id}` })
      .where(eq(users.id, placed.member.id));
    const search = (q: string) =>
      operator.get(`/admin/check-in/lists/${listId}/search?q=${encodeURIComponent(q)}`);
    const bySurname = (await search('gęśl')).json().data as { ticket_id: number; order_id: number }[];
    expect(bySurname.length).toBeGreaterThanOrEqual(1);
    expect(bySurname.every((a) => a.order_id > 0)).toBe(true);
    const byOrder = (await search(`#${placed.orderId}`)).json().data as {
      ticket_id: number;
      surname: string;
    }[];
    expect(byOrder.map((a) => a.surname).sort()).toEqual(['Gęślą-Jaźń', 'Świętochowska']);
    expect((await search(`EC-2026-7${placed.member.id}`)).json().data).toHaveLength(2);
    expect((await search('%_')).json().data).toEqual([]);

    const guest = byOrder.find((a) => a.surname === 'Świętochowska')!;
    const url = `/admin/check-in/lists/${listId}`;
    const inByTap = await operator.post(`${url}/check-in`, { ticket_id: guest.ticket_id, gate: 'B' });
    expect(inByTap.json().data).toMatchObject({ result: 'IN', attendee: { ticket_id: guest.ticket_id } });
    // Check-out only where the list keeps it (event-day-lists.test.ts: the setting and its refusal).
    await operator.request('PATCH', url, { allows_check_out: true });
    const out = await operator.post(`${url}/check-out`, { ticket_id: guest.ticket_id });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.result).toBe('OUT');
    expect(out.json().data.attendee.check_in.checked_out_at).not.toBeNull();
    const again = await operator.post(`${url}/check-out`, { ticket_id: guest.ticket_id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_CHECKED_IN');
    // Back in after the check-out: a new check-in, its time later than the first.
    const back = (await operator.post(`${url}/check-in`, { ticket_id: guest.ticket_id, gate: 'C' })).json()
      .data;
    expect(back).toMatchObject({ result: 'IN', attendee: { check_in: { gate: 'C', checked_out_at: null } } });
    expect(Date.parse(back.attendee.check_in.at)).toBeGreaterThanOrEqual(
      Date.parse(inByTap.json().data.attendee.check_in.at),
    );
    expect((await operator.post(`${url}/check-in`, { ticket_id: 999_999 })).statusCode).toBe(404);
    expect((await operator.post(`${url}/check-out`, { ticket_id: 999_999 })).statusCode).toBe(404);
  });

  it('lets a refused ticket in by an override with a reason, written to the audit log', async () => {
    const placed = await paidBooking({ quantity: 1 });
    const listId = await defaultListOf(placed.productId);
    const [ticket] = await ticketsOf(placed.orderId);
    await scan(operator, listId, ticket!.code);
    const res = await admin.post(`/admin/check-in/lists/${listId}/override`, {
      ticket_id: ticket!.id,
      gate: 'VIP',
      reason: 'Wyszedł bez wymeldowania',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      result: 'IN',
      attendee: { check_in: { gate: 'VIP', is_override: true } },
    });
    const [audit] = await auditRows(t.app, 'ticket', ticket!.id);
    expect(audit).toMatchObject({ action: 'check-in-override', actorEmail: admin.account!.email });
    expect(audit!.after).toMatchObject({
      name: 'Zażółć Gęślą-Jaźń',
      list_id: listId,
      gate: 'VIP',
      reason: 'Wyszedł bez wymeldowania',
    });
    expect(audit!.before).toMatchObject({ status: 'VALID', check_in: { gate: 'Brama 2' } });
  });

  it("counts in every answer: another experience's ticket let in by an override is in but not expected; a void one leaves the expected but stays in", async () => {
    const placed = await paidBooking({ quantity: 3 });
    const listId = await defaultListOf(placed.productId);
    const [first, second, third] = await ticketsOf(placed.orderId);
    const elsewhere = await paidBooking({ quantity: 1 });
    const [stranger] = await ticketsOf(elsewhere.orderId);
    const url = `/admin/check-in/lists/${listId}`;
    const counts = async (res: Awaited<ReturnType<typeof scan>>) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.counts;
    };
    expect(await counts(await scan(operator, listId, first!.code))).toEqual({
      expected: 3,
      in: 1,
      not_yet: 2,
    });
    // Refused at this list, then let in by an override: one more in, nobody fewer expected.
    expect(await counts(await scan(operator, listId, stranger!.code))).toEqual({
      expected: 3,
      in: 1,
      not_yet: 2,
    });
    const override = { ticket_id: stranger!.id, gate: 'VIP', reason: 'Gość organizatora' };
    expect(await counts(await admin.post(`${url}/override`, override))).toEqual({
      expected: 3,
      in: 2,
      not_yet: 2,
    });
    // A ticket voided while its holder is in: no longer expected, still in.
    await operator.post(`${url}/check-in`, { ticket_id: second!.id, gate: null });
    await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, second!.id));
    expect(await counts(await scan(operator, listId, third!.code))).toEqual({
      expected: 2,
      in: 4,
      not_yet: 0,
    });
    // A scan that finds nothing still answers with the counts.
    expect(await counts(await scan(operator, listId, 'A'.repeat(32)))).toEqual({
      expected: 2,
      in: 4,
      not_yet: 0,
    });
  });

  it('validates every body and query', async () => {
    const placed = await paidBooking({ quantity: 1 });
    const listId = await defaultListOf(placed.productId);
    const url = `/admin/check-in/lists/${listId}`;
    const fieldError = async (res: Awaited<ReturnType<Client['post']>>, field: string) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await fieldError(await operator.post(`${url}/scan`, { code: '   ' }), 'code');
    await fieldError(await operator.post(`${url}/scan`, {}), 'code');
    await fieldError(await operator.post(`${url}/scan`, { code: 'x'.repeat(201) }), 'code');
    await fieldError(await operator.post(`${url}/scan`, { code: 'abc', gate: 'g'.repeat(41) }), 'gate');
    await fieldError(await operator.post(`${url}/check-in`, { ticket_id: 'one' }), 'ticket_id');
    await fieldError(await operator.post(`${url}/check-out`, {}), 'ticket_id');
    await fieldError(await operator.post(`${url}/override`, { ticket_id: 1, reason: 'no' }), 'reason');
    await fieldError(
      await operator.post(`${url}/override`, { ticket_id: 0, reason: 'long enough' }),
      'ticket_id',
    );
    expect((await operator.get(`${url}/search?q=a`)).statusCode).toBe(422);
    expect((await operator.get(`${url}/search`)).statusCode).toBe(422);
    expect((await operator.get(`${url}/search?q=${'a'.repeat(101)}`)).statusCode).toBe(422);
    expect((await operator.post('/admin/check-in/lists/999999/scan', { code: 'abc' })).statusCode).toBe(404);
  });

  it('refuses the unsigned (401), members (403) and writes without the CSRF header (403)', async () => {
    const member = memberApi(t.app, await createMember(t.app.db));
    const anonymous = memberApi(t.app, null);
    const writes = ['scan', 'check-in', 'override', 'check-out'].map((w) => `/admin/check-in/lists/1/${w}`);
    const reads = [
      '/admin/check-in/experiences',
      '/admin/check-in/lists/1',
      '/admin/check-in/lists/1/search?q=ab',
    ];
    for (const path of reads) {
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
      expect((await member.get(path)).statusCode, path).toBe(403);
    }
    for (const path of writes) {
      expect((await anonymous.post(path, { code: 'a', ticket_id: 1 })).statusCode, path).toBe(401);
      expect((await member.post(path, { code: 'a', ticket_id: 1 })).statusCode, path).toBe(403);
      const noCsrf = await operator.post(path, { code: 'a', ticket_id: 1, reason: 'abc' }, { csrf: false });
      expect(noCsrf.statusCode, path).toBe(403);
      expect(noCsrf.json().code).toBe('CSRF');
    }
  });
});

describe('two gates scanning one ticket at the same instant', () => {
  it('gives exactly one "in", the others "already in"', async () => {
    const placed = await paidBooking({ quantity: 1 });
    const listId = await defaultListOf(placed.productId);
    const [ticket] = await ticketsOf(placed.orderId);
    const gates = await Promise.all([staffClient(t.app), staffClient(t.app), staffClient(t.app)]);
    const answers = await Promise.all(
      [...gates, ...gates].map((g, i) => scan(g, listId, ticket!.code, `Gate ${i}`)),
    );
    const results = answers.map((a) => a.json().data.result).sort();
    expect(results).toEqual(['ALREADY_IN', 'ALREADY_IN', 'ALREADY_IN', 'ALREADY_IN', 'ALREADY_IN', 'IN']);
    // Every "already in" names the one check-in there is, even one whose read began before it was made.
    const winner = answers.find((a) => a.json().data.result === 'IN')!.json().data.attendee.check_in;
    for (const a of answers) expect(a.json().data.attendee.check_in).toEqual(winner);
  });

  it('gates scanning different tickets at the same instant share their counts, and each answer counts its own', async () => {
    // The answers read the counts together (sharedListCounts); a count begun before a scan's write
    // must never answer it. The write that commits last is then answered with everyone in.
    const placed = await paidBooking({ quantity: 3 });
    const rows = await ticketsOf(placed.orderId);
    for (let more = 0; more < 3; more++) {
      const next = await paidBooking({ quantity: 3, productId: placed.productId });
      rows.push(...(await ticketsOf(next.orderId)));
    }
    const listId = await defaultListOf(placed.productId);
    const gates = await Promise.all([staffClient(t.app), staffClient(t.app), staffClient(t.app)]);
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        rows.map((r, i) => scan(gates[i % 3]!, listId, r.code, `Gate ${i % 3}`)),
      );
      const data = answers.map((a) => a.json().data);
      expect(data.map((d) => d.result)).toEqual(rows.map(() => (round === 0 ? 'IN' : 'ALREADY_IN')));
      for (const d of data) expect(d.counts.expected).toBe(12);
      expect(Math.max(...data.map((d) => d.counts.in))).toBe(12);
      expect(Math.min(...data.map((d) => d.counts.not_yet))).toBe(0);
      if (round === 0) for (const d of data) expect(d.counts.in).toBeGreaterThanOrEqual(1);
    }
  });

  it.runIf(DB_KIND === 'postgres')(
    'a scan waiting on another process\'s check-in of the ticket answers "already in" with that check-in',
    async () => {
      // The scan's statement begins before the other check-in commits, so what it reads does not show
      // it; its insert waits for it, finds it and lets nobody in. The answer must still say who let the
      // ticket in, where and when: the other process's check-in, read anew.
      const second = await createTestApp({ sameDatabaseAs: t });
      try {
        const placed = await paidBooking({ quantity: 1 });
        const listId = await defaultListOf(placed.productId);
        const [ticket] = await ticketsOf(placed.orderId);
        let answer: Awaited<ReturnType<typeof scan>> | undefined;
        await second.app.db.transaction(async (tx) => {
          await tx
            .insert(checkIns)
            .values({ ticketId: ticket!.id, listId, byUserId: admin.account!.id, gate: 'Z' });
          const pending = scan(operator, listId, ticket!.code, 'A').then((a) => {
            answer = a;
          });
          // Until the scan's insert waits on this transaction's row.
          for (let i = 0; i < 500; i++) {
            const waiting = await t.app.db
              .select({ n: sql<number>`count(*)::int` })
              .from(sql`pg_stat_activity`)
              .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
            if (waiting[0]!.n > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          expect(answer).toBeUndefined();
          void pending;
        });
        await expect.poll(() => answer?.statusCode).toBe(200);
        expect(answer!.json().data).toMatchObject({
          result: 'ALREADY_IN',
          attendee: { check_in: { gate: 'Z', checked_out_at: null, is_override: false } },
          counts: { in: 1 },
        });
      } finally {
        await second.close();
      }
    },
  );

  it.runIf(DB_KIND === 'postgres')('across two server processes on one database', async () => {
    const second = await createTestApp({ sameDatabaseAs: t });
    try {
      const placed = await paidBooking({ quantity: 1 });
      const listId = await defaultListOf(placed.productId);
      const [ticket] = await ticketsOf(placed.orderId);
      const gateB = await staffClient(second.app);
      await operator.request('PATCH', `/admin/check-in/lists/${listId}`, { allows_check_out: true });
      for (let round = 0; round < 3; round++) {
        // Out again between rounds: the next race is on the checked-out row's conditional update.
        if (round > 0)
          await operator.post(`/admin/check-in/lists/${listId}/check-out`, { ticket_id: ticket!.id });
        const answers = await Promise.all([
          scan(operator, listId, ticket!.code, 'A'),
          scan(gateB, listId, ticket!.code, 'B'),
          scan(operator, listId, ticket!.code, 'A'),
          scan(gateB, listId, ticket!.code, 'B'),
        ]);
        expect(answers.map((a) => a.json().data.result).sort()).toEqual([
          'ALREADY_IN',
          'ALREADY_IN',
          'ALREADY_IN',
          'IN',
        ]);
      }
    } finally {
      await second.close();
    }
  });
});
