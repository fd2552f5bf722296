import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  type Client,
  createTestApp,
  DB_KIND,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { checkIns, offlineScans, tickets, users } from '../../db/schema';
import { createMember, memberApi } from '../orders/test-fixtures';
import { placeDeskOrder } from '../sales-desk/test-fixtures';
import { defaultListOf, paidBooking } from './test-fixtures';

/**
 * The offline gate (issue 29, docs/event-day.md): the list's copy (hashes, never codes), queued
 * admissions synced once per device and scan, the first scan by its time holding the ticket and the
 * later one a conflict staff review; validation, access and CSRF; two devices syncing one ticket at
 * once (and, on PostgreSQL, through two server processes).
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

const hashOf = (code: string) =>
  createHash('sha256').update(code).digest().subarray(0, 16).toString('base64url');

async function booking(quantity = 2, productId?: number) {
  const placed = await paidBooking(t.app, { quantity, productId });
  const rows = await t.app.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, placed.orderId))
    .orderBy(tickets.seat);
  return { ...placed, tickets: rows, listId: await defaultListOf(operator, placed.productId) };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
let scanSeq = 0;
const scanOf = (ticketId: number, at: string, gate: string) => ({
  id: `scan-${Date.now()}-${++scanSeq}`,
  ticket_id: ticketId,
  at,
  gate,
});
const sync = (client: Client, listId: number, device: string, scans: unknown[]) =>
  client.post(`/admin/check-in/lists/${listId}/sync`, { device, scans });

describe("the list's copy", () => {
  it('carries every ticket by its hash, never its code, with its state; other experiences and unpaid cards', async () => {
    const b = await booking(2);
    const other = await booking(1);
    const [member, guest] = b.tickets;
    await operator.post(`/admin/check-in/lists/${b.listId}/scan`, { code: guest!.code, gate: 'Brama 1' });
    // A member of this experience waiting for payment: their card says "not paid".
    const waiting = await placeDeskOrder(t.app, { quantity: 1, productId: b.productId });
    const [waitingUser] = await t.app.db.select().from(users).where(eq(users.id, waiting.member.id));

    const res = await operator.get(`/admin/check-in/lists/${b.listId}/offline`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(member!.code);
    expect(res.body).not.toContain(other.tickets[0]!.code);
    const copy = res.json().data;
    expect(copy.list.id).toBe(b.listId);
    expect(Date.parse(copy.generated_at)).toBeGreaterThan(Date.now() - 60_000);
    const mine = copy.tickets.filter((x: { order_id: number }) => x.order_id === b.orderId);
    expect(mine).toEqual([
      expect.objectContaining({
        id: member!.id,
        hash: hashOf(member!.code),
        name: 'Zażółć',
        surname: 'Gęślą-Jaźń',
        seat: 0,
        card_number: expect.stringMatching(/^EC-/),
        status: 'VALID',
        paid: true,
        in_at: null,
      }),
      expect.objectContaining({ id: guest!.id, seat: 1, card_number: null, in_gate: 'Brama 1' }),
    ]);
    expect(mine[1].in_at).toEqual(expect.any(String));
    expect(mine[1].line).toBe(mine[0].line);
    const otherEntry = copy.others.find((o: { hashes: string[] }) =>
      o.hashes.includes(hashOf(other.tickets[0]!.code)),
    );
    expect(otherEntry?.name).toEqual(expect.any(String));
    expect(copy.unpaid_cards).toContain(waitingUser!.cardNumber);
    // 5,000 attendees must fit in under 2 MB: one line of the copy is well under 400 bytes.
    expect(JSON.stringify(mine[0]).length).toBeLessThan(400);
  });

  it('refuses an unknown list (404), the unsigned (401) and members (403)', async () => {
    expect((await operator.get('/admin/check-in/lists/999999/offline')).statusCode).toBe(404);
    expect((await operator.get('/admin/check-in/lists/abc/offline')).statusCode).toBe(422);
    expect((await operator.get('/admin/check-in/lists/999999/conflicts')).statusCode).toBe(404);
    const badId = await operator.get('/admin/check-in/lists/0/conflicts');
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors.id).toBeDefined();
    expect((await memberApi(t.app, null).get('/admin/check-in/lists/1/offline')).statusCode).toBe(401);
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.get('/admin/check-in/lists/1/offline')).statusCode).toBe(403);
  });
});

describe('syncing queued admissions', () => {
  it('lets in, keeps the first scan by its time, shows the later one as a conflict to review, and answers a resent batch the same', async () => {
    const b = await booking(2);
    const [one, two] = b.tickets;
    const gateA = `device-A-${Date.now()}`;
    const gateB = `device-B-${Date.now()}`;
    // Gate A let ticket 1 in at -5 min; gate B let ticket 2 in at -4 min and ticket 1 at -6 min.
    const aScans = [scanOf(one!.id, minutesAgo(5), 'A')];
    const first = await sync(operator, b.listId, gateA, aScans);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.results).toEqual([{ id: aScans[0]!.id, outcome: 'IN' }]);
    expect(first.json().data.counts).toMatchObject({ expected: 2, in: 1 });

    const bScans = [scanOf(two!.id, minutesAgo(4), 'B'), scanOf(one!.id, minutesAgo(6), 'B')];
    const second = await sync(admin, b.listId, gateB, bScans);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.results).toEqual([
      { id: bScans[1]!.id, outcome: 'IN' },
      { id: bScans[0]!.id, outcome: 'IN' },
    ]);
    expect(second.json().data.counts).toMatchObject({ expected: 2, in: 2, not_yet: 0 });
    // Gate B's earlier scan holds ticket 1 now; gate A's is the conflict, marked as A's own for A.
    const [held] = await t.app.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.ticketId, one!.id), eq(checkIns.listId, b.listId)));
    expect(held!.gate).toBe('B');
    expect(held!.at.toISOString()).toBe(bScans[1]!.at);
    // Gate A's next sync (nothing queued) brings the conflict, marked as its own.
    const forA = (await sync(operator, b.listId, gateA, [])).json().data.conflicts;
    expect(forA).toEqual([
      {
        id: expect.any(Number),
        outcome: 'CONFLICT',
        kind: 'IN',
        ticket_id: one!.id,
        name: 'Zażółć Gęślą-Jaźń',
        order_id: b.orderId,
        scan: { at: aScans[0]!.at, by: expect.any(String), gate: 'A' },
        winner: { at: bScans[1]!.at, by: expect.any(String), gate: 'B' },
        mine: true,
      },
    ]);
    expect(second.json().data.conflicts).toEqual([{ ...forA[0], mine: false }]);
    // The console's check-in lists see it too (no device asks: none is its own), for staff of any role.
    const inConsole = await admin.get(`/admin/check-in/lists/${b.listId}/conflicts`);
    expect(inConsole.statusCode, inConsole.body).toBe(200);
    expect(inConsole.json().data).toEqual([{ ...forA[0], mine: false }]);

    // The same batch again (the network dropped the answer): the same outcomes, nothing new.
    const again = await sync(operator, b.listId, gateA, aScans);
    expect(again.json().data.results).toEqual([{ id: aScans[0]!.id, outcome: 'CONFLICT' }]);
    const rows = await t.app.db.select().from(offlineScans).where(eq(offlineScans.listId, b.listId));
    expect(rows).toHaveLength(3);

    // A later offline scan of a ticket in: the conflict names who was first.
    const late = scanOf(two!.id, minutesAgo(1), 'A');
    expect((await sync(operator, b.listId, gateA, [late])).json().data.results).toEqual([
      { id: late.id, outcome: 'CONFLICT' },
    ]);

    // Reviewed: it leaves the list, the audit log keeps who; a second review is harmless.
    const review = await operator.post(`/admin/check-in/lists/${b.listId}/conflicts/${forA[0].id}/review`, {
      device: gateA,
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data.map((c: { id: number }) => c.id)).not.toContain(forA[0].id);
    expect(review.json().data).toHaveLength(1);
    const afterReview = (await operator.get(`/admin/check-in/lists/${b.listId}/conflicts`)).json().data;
    expect(afterReview.map((c: { id: number }) => c.id)).toEqual(
      review.json().data.map((c: { id: number }) => c.id),
    );
    const [audit] = await auditRows(t.app, 'ticket', one!.id);
    expect(audit).toMatchObject({ action: 'review-conflict' });
    const reviewAgain = await admin.post(`/admin/check-in/lists/${b.listId}/conflicts/${forA[0].id}/review`, {
      device: gateB,
    });
    expect(reviewAgain.statusCode).toBe(200);
    expect(reviewAgain.json().data).toEqual([expect.objectContaining({ mine: false, ticket_id: two!.id })]);
    expect(await auditRows(t.app, 'ticket', one!.id)).toHaveLength(1);
    const unknown = `/admin/check-in/lists/${b.listId}/conflicts/999999/review`;
    expect((await operator.post(unknown, { device: gateA })).statusCode).toBe(404);
    const noDevice = await admin.post(`/admin/check-in/lists/${b.listId}/conflicts/${forA[0].id}/review`, {});
    expect(noDevice.statusCode).toBe(422);
    expect(noDevice.json().errors.device).toEqual(['This field is required.']);
  });

  it('an earlier offline scan takes the ticket from a later online check-in, which becomes the conflict', async () => {
    const b = await booking(1);
    const [one] = b.tickets;
    await operator.post(`/admin/check-in/lists/${b.listId}/scan`, { code: one!.code, gate: 'Online' });
    const early = scanOf(one!.id, minutesAgo(10), 'Offline');
    const res = await sync(operator, b.listId, `device-${Date.now()}`, [early]);
    expect(res.json().data.results).toEqual([{ id: early.id, outcome: 'IN' }]);
    expect(res.json().data.conflicts).toEqual([
      expect.objectContaining({
        outcome: 'CONFLICT',
        ticket_id: one!.id,
        scan: expect.objectContaining({ gate: 'Online' }),
        winner: expect.objectContaining({ gate: 'Offline', at: early.at }),
        mine: false,
      }),
    ]);
    // The gate's online answer now names the earlier admission.
    const scan = await operator.post(`/admin/check-in/lists/${b.listId}/scan`, { code: one!.code });
    expect(scan.json().data.attendee.check_in.gate).toBe('Offline');
  });

  it('answers with the refusal of now when the device copy was out of date (cancelled meanwhile), shown for review', async () => {
    const b = await booking(1);
    const cancelled = await operator.post(`/admin/sales/orders/${b.orderId}/cancel`, { reason: 'x' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const stale = scanOf(b.tickets[0]!.id, minutesAgo(2), 'A');
    const gone = scanOf(2_000_000_000, minutesAgo(2), 'A');
    const res = await sync(operator, b.listId, `device-${Date.now()}`, [stale, gone]);
    expect(res.json().data.results).toEqual([
      { id: stale.id, outcome: 'VOID' },
      { id: gone.id, outcome: 'UNKNOWN' },
    ]);
    expect(
      res
        .json()
        .data.conflicts.map((c: { outcome: string }) => c.outcome)
        .sort(),
    ).toEqual(['UNKNOWN', 'VOID']);
    expect(res.json().data.counts.in).toBe(0);
  });

  it('an override made offline lets a cancelled ticket in, marked and audited with its reason and time', async () => {
    const b = await booking(1);
    const [one] = b.tickets;
    const cancelled = await operator.post(`/admin/sales/orders/${b.orderId}/cancel`, { reason: 'x' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const override = {
      ...scanOf(one!.id, minutesAgo(3), 'Padok'),
      kind: 'OVERRIDE',
      reason: '  Bilet anulowany przez pomyłkę  ',
    };
    const device = `device-${Date.now()}`;
    const res = await sync(operator, b.listId, device, [override]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results).toEqual([{ id: override.id, outcome: 'IN' }]);
    // Not a conflict: staff saw the refusal and let the person in on purpose.
    expect(res.json().data.conflicts.map((c: { ticket_id: number }) => c.ticket_id)).not.toContain(one!.id);
    const [held] = await t.app.db.select().from(checkIns).where(eq(checkIns.ticketId, one!.id));
    expect(held).toMatchObject({ isOverride: true, gate: 'Padok' });
    expect(held!.at.toISOString()).toBe(override.at);
    const [audit] = await auditRows(t.app, 'ticket', one!.id);
    expect(audit).toMatchObject({
      action: 'check-in-override',
      actorId: operator.account!.id,
      before: expect.objectContaining({ status: 'VOID' }),
      after: expect.objectContaining({
        reason: 'Bilet anulowany przez pomyłkę',
        gate: 'Padok',
        offline: { scanned_at: override.at, scan_id: override.id },
      }),
    });
    // Sent again: the same answer, one audit row.
    expect((await sync(operator, b.listId, device, [override])).json().data.results).toEqual([
      { id: override.id, outcome: 'IN' },
    ]);
    expect(await auditRows(t.app, 'ticket', one!.id)).toHaveLength(1);
    // An override of a ticket that is gone stays UNKNOWN, for review.
    const gone = { ...scanOf(2_000_000_000, minutesAgo(2), 'Padok'), kind: 'OVERRIDE', reason: 'Gość VIP' };
    expect((await sync(operator, b.listId, device, [gone])).json().data.results).toEqual([
      { id: gone.id, outcome: 'UNKNOWN' },
    ]);
  });

  it('an override of a ticket already in since earlier keeps the first admission and is no conflict', async () => {
    const b = await booking(1);
    const [one] = b.tickets;
    const first = scanOf(one!.id, minutesAgo(20), 'A');
    await sync(operator, b.listId, `device-A-${Date.now()}`, [first]);
    const again = { ...scanOf(one!.id, minutesAgo(5), 'B'), kind: 'OVERRIDE', reason: 'Wraca z parkingu' };
    const res = await sync(admin, b.listId, `device-B-${Date.now()}`, [again]);
    expect(res.json().data.results).toEqual([{ id: again.id, outcome: 'IN' }]);
    expect(res.json().data.conflicts.map((c: { ticket_id: number }) => c.ticket_id)).not.toContain(one!.id);
    const [held] = await t.app.db.select().from(checkIns).where(eq(checkIns.ticketId, one!.id));
    expect(held).toMatchObject({ gate: 'A', isOverride: true });
    expect(held!.at.toISOString()).toBe(first.at);
  });

  it('check-outs made offline: in then out on a list that keeps them; refused for review where it does not', async () => {
    const b = await booking(2);
    const [one, two] = b.tickets;
    const created = await operator.post(`/admin/check-in/experiences/${b.productId}/lists`, {
      name: `Padok ${Date.now()}`,
      allows_check_out: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const paddock = created.json().data.id as number;
    const device = `device-${Date.now()}`;
    // In at -30 min, out at -10 min, and a check-out of a ticket never let in.
    const inside = scanOf(one!.id, minutesAgo(30), 'Padok');
    const out = { ...scanOf(one!.id, minutesAgo(10), 'Padok'), kind: 'OUT' };
    const never = { ...scanOf(two!.id, minutesAgo(9), 'Padok'), kind: 'OUT' };
    // Sent in another order than made: the server takes them by their time.
    const res = await sync(operator, paddock, device, [out, never, inside]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results).toEqual([
      { id: inside.id, outcome: 'IN' },
      { id: out.id, outcome: 'OUT' },
      { id: never.id, outcome: 'NOT_CHECKED_IN' },
    ]);
    expect(res.json().data.counts).toMatchObject({ in: 0, expected: 2 });
    const [row] = await t.app.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.ticketId, one!.id), eq(checkIns.listId, paddock)));
    expect(row!.checkedOutAt!.toISOString()).toBe(out.at);
    // The check-out that held is not for review; the one that did not is.
    expect(res.json().data.conflicts).toEqual([
      expect.objectContaining({ outcome: 'NOT_CHECKED_IN', kind: 'OUT', ticket_id: two!.id, mine: true }),
    ]);
    // Sent again: the same answers.
    expect((await sync(operator, paddock, device, [out, never])).json().data.results).toEqual([
      { id: out.id, outcome: 'OUT' },
      { id: never.id, outcome: 'NOT_CHECKED_IN' },
    ]);
    // Back in later: the ticket is in again.
    const back = scanOf(one!.id, minutesAgo(2), 'Padok');
    expect((await sync(operator, paddock, device, [back])).json().data.results).toEqual([
      { id: back.id, outcome: 'IN' },
    ]);

    // The main list keeps no check-outs: a check-out queued there is refused for review.
    const main = scanOf(one!.id, minutesAgo(8), 'A');
    const mainOut = { ...scanOf(one!.id, minutesAgo(4), 'A'), kind: 'OUT' };
    const onMain = await sync(admin, b.listId, `device-main-${Date.now()}`, [main, mainOut]);
    expect(onMain.json().data.results).toEqual([
      { id: main.id, outcome: 'IN' },
      { id: mainOut.id, outcome: 'NOT_CHECKED_IN' },
    ]);
    expect(onMain.json().data.counts.in).toBe(1);
  });

  it('a scan time ahead of the server clock counts as now', async () => {
    const b = await booking(1);
    const future = scanOf(b.tickets[0]!.id, new Date(Date.now() + 3_600_000).toISOString(), 'A');
    await sync(operator, b.listId, `device-${Date.now()}`, [future]);
    const [held] = await t.app.db.select().from(checkIns).where(eq(checkIns.ticketId, b.tickets[0]!.id));
    expect(held!.at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('validates the batch in the staff member language', async () => {
    const url = '/admin/check-in/lists/1/sync';
    const good = scanOf(1, minutesAgo(1), 'A');
    const fieldError = async (client: Client, body: unknown, field: string, message: RegExp) => {
      const res = await client.post(url, body);
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      const key = Object.keys(errors).find((k) => k === field || k.startsWith(`${field}.`));
      expect(key, JSON.stringify(errors)).toBeDefined();
      expect(errors[key!]!.join(' ')).toMatch(message);
    };
    await fieldError(operator, { scans: [] }, 'device', /wymagane/);
    await fieldError(admin, { device: 'short', scans: [] }, 'device', /Incorrect value/);
    await fieldError(operator, { device: 'bad device id!', scans: [] }, 'device', /Nieprawidłowa/);
    await fieldError(admin, { device: 'device-1234', scans: 'x' }, 'scans', /Incorrect value/);
    await fieldError(
      operator,
      { device: 'device-1234', scans: Array.from({ length: 201 }, () => good) },
      'scans',
      /za długa/,
    );
    await fieldError(
      admin,
      { device: 'device-1234', scans: [{ ...good, at: 'yesterday' }] },
      'scans',
      /Incorrect/,
    );
    await fieldError(operator, { device: 'device-1234', scans: [{ ...good, ticket_id: -1 }] }, 'scans', /./);
    await fieldError(
      admin,
      { device: 'device-1234', scans: [{ ...good, gate: 'g'.repeat(41) }] },
      'scans',
      /too long/,
    );
    await fieldError(operator, { device: 'device-1234', scans: [{ ...good, id: 'x' }] }, 'scans', /./);
    // An override says why; a kind the gate does not know is refused.
    await fieldError(
      operator,
      { device: 'device-1234', scans: [{ ...good, kind: 'OVERRIDE' }] },
      'scans',
      /wymagane/,
    );
    await fieldError(
      admin,
      { device: 'device-1234', scans: [{ ...good, kind: 'OVERRIDE', reason: 'x'.repeat(301) }] },
      'scans',
      /too long/,
    );
    await fieldError(
      admin,
      { device: 'device-1234', scans: [{ ...good, kind: 'LEAVE' }] },
      'scans',
      /Incorrect/,
    );
    expect(
      (await operator.post('/admin/check-in/lists/999999/sync', { device: 'device-1234', scans: [] }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses the unsigned (401), members (403) and writes without the CSRF header (403)', async () => {
    const member = memberApi(t.app, await createMember(t.app.db));
    const anonymous = memberApi(t.app, null);
    const body = { device: 'device-1234', scans: [] };
    for (const [method, path] of [
      ['POST', '/admin/check-in/lists/1/sync'],
      ['POST', '/admin/check-in/lists/1/conflicts/1/review'],
      ['GET', '/admin/check-in/lists/1/offline'],
      ['GET', '/admin/check-in/lists/1/conflicts'],
    ] as const) {
      const call = (c: typeof member) => (method === 'GET' ? c.get(path) : c.post(path, body));
      expect((await call(anonymous)).statusCode, path).toBe(401);
      expect((await call(member)).statusCode, path).toBe(403);
      if (method === 'POST') {
        const noCsrf = await operator.post(path, body, { csrf: false });
        expect(noCsrf.statusCode, path).toBe(403);
        expect(noCsrf.json().code).toBe('CSRF');
      }
    }
  });
});

describe('two devices syncing one ticket at the same instant', () => {
  const race = async (clients: Client[]) => {
    const b = await booking(1);
    const [one] = b.tickets;
    // Six devices let the ticket in offline, a minute apart; the same batch is also sent twice at once.
    const batches = clients.map((client, i) => ({
      client,
      device: `race-${Date.now()}-${i}`,
      scans: [scanOf(one!.id, minutesAgo(10 - i), `G${i}`)],
    }));
    const answers = await Promise.all(
      [...batches, batches[0]!].map((x) => sync(x.client, b.listId, x.device, x.scans)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const held = await t.app.db.select().from(checkIns).where(eq(checkIns.ticketId, one!.id));
    expect(held).toHaveLength(1);
    // The earliest scan holds the ticket, whichever sync came first; every other one is a conflict.
    expect(held[0]!.gate).toBe('G0');
    const rows = await t.app.db.select().from(offlineScans).where(eq(offlineScans.ticketId, one!.id));
    expect(rows).toHaveLength(clients.length);
    expect(rows.filter((r) => r.outcome === 'IN').map((r) => r.gate)).toEqual(['G0']);
    expect(rows.filter((r) => r.outcome === 'CONFLICT')).toHaveLength(clients.length - 1);
    for (const r of rows.filter((x) => x.outcome === 'CONFLICT'))
      expect(r.winner).toMatchObject({ gate: 'G0' });
  };

  it('keeps one admission, the earliest by scan time', async () => {
    const gates = await Promise.all([staffClient(t.app), staffClient(t.app), staffClient(t.app)]);
    await race([...gates, ...gates].reverse());
  });

  it.runIf(DB_KIND === 'postgres')('across two server processes on one database', async () => {
    const second = await createTestApp({ sameDatabaseAs: t });
    try {
      const other = await staffClient(second.app);
      await race([other, operator, other, operator]);
    } finally {
      await second.close();
    }
  });
});
