import { createHash } from 'node:crypto';
import type {
  OfflineOutcome,
  TGateConflict,
  TOfflineList,
  TOfflineSync,
  TOfflineSyncResult,
} from '@club/shared/contract/gate-offline';
import { TICKET_STATUS } from '@club/shared/schemas/event-day';
import { and, asc, desc, eq, isNotNull, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import {
  checkIns,
  type ScanWinner,
  offlineScans,
  orderItems,
  orders,
  products,
  tickets,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { attendees } from './attendees';
import { type Lang, type ListRow, listCounts, loadList } from './lists';
import { nameIn } from '../../lib/localized';

/**
 * The offline gate (issue 29, docs/event-day.md): the copy of a list a gate device keeps, and the
 * admissions it decided offline coming back. The first scan of a ticket by its time holds the
 * check-in; a later one is kept as a conflict for staff to review, whichever reached the server first.
 */

/**
 * What the device holds instead of a code: the first 16 bytes of the code's SHA-256 in base64url. The
 * code has 192 random bits, so nothing can be worked back from it, and a copy taken from a phone lets
 * nobody make a ticket. The gate computes the same of a scanned code (features/console-gate/offline).
 */
export const codeHash = (code: string) =>
  createHash('sha256').update(code).digest().subarray(0, 16).toString('base64url');

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const staffName = (table: { name: AnyPgColumn; surname: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${table.name} || ' ' || ${table.surname}), '')`;

/** How many days around the list's experience the copy carries other experiences' tickets for. */
const OTHERS_WINDOW_DAYS = 3;

/** The device's copy of a list: every ticket of the experience and what the gate needs to decide. */
export async function offlineList(tx: Tx, listId: number, lang: Lang): Promise<TOfflineList> {
  const list = await loadList(tx, listId);
  const [product] = await tx
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
      endDate: products.endDate,
    })
    .from(products)
    .where(eq(products.id, list.productId));
  const generatedAt = new Date().toISOString();
  const staff = alias(users, 'staff');
  const rows = await tx
    .select({
      id: tickets.id,
      code: tickets.code,
      name: tickets.name,
      surname: tickets.surname,
      seat: tickets.seat,
      orderId: tickets.orderId,
      line: tickets.orderItemId,
      status: tickets.status,
      orderStatus: orders.status,
      cardNumber: users.cardNumber,
      at: checkIns.at,
      checkedOutAt: checkIns.checkedOutAt,
      gate: checkIns.gate,
      by: staffName(staff),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(checkIns, and(eq(checkIns.ticketId, tickets.id), eq(checkIns.listId, list.id)))
    .leftJoin(staff, eq(staff.id, checkIns.byUserId))
    .where(eq(tickets.productId, list.productId))
    .orderBy(asc(tickets.id));
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const from = shift(product!.startDate, -OTHERS_WINDOW_DAYS);
  const to = shift(product!.endDate ?? product!.startDate, OTHERS_WINDOW_DAYS);
  const others = await tx
    .select({
      productId: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      code: tickets.code,
    })
    .from(tickets)
    .innerJoin(products, eq(products.id, tickets.productId))
    .where(
      and(
        ne(products.id, list.productId),
        eq(tickets.status, TICKET_STATUS.VALID),
        lte(products.startDate, to),
        sql`coalesce(${products.endDate}, ${products.startDate}) >= ${from}`,
      ),
    )
    .orderBy(asc(products.id));
  const byExperience = new Map<number, { name: string; hashes: string[] }>();
  for (const o of others) {
    const entry = byExperience.get(o.productId) ?? { name: nameIn(lang, o), hashes: [] };
    entry.hashes.push(codeHash(o.code));
    byExperience.set(o.productId, entry);
  }
  const unpaid = await tx
    .selectDistinct({ card: users.cardNumber })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, 'WAITING_PAYMENT'),
        eq(orderItems.productId, list.productId),
        isNotNull(users.cardNumber),
      ),
    );
  return {
    list: { id: list.id, name: list.name, is_default: list.isDefault, allows_check_out: list.allowsCheckOut },
    experience: { id: product!.id, name: nameIn(lang, product!), start_date: product!.startDate },
    generated_at: generatedAt,
    tickets: rows.map((r) => {
      const inNow = r.at !== null && r.checkedOutAt === null;
      return {
        id: r.id,
        hash: codeHash(r.code),
        name: r.name,
        surname: r.surname,
        seat: r.seat,
        order_id: r.orderId,
        line: r.line,
        card_number: r.seat === 0 ? r.cardNumber : null,
        status: r.status,
        paid: r.orderStatus === 'PAID',
        in_at: inNow ? iso(r.at) : null,
        in_by: inNow ? r.by : null,
        in_gate: inNow ? r.gate : null,
      };
    }),
    others: [...byExperience.values()],
    unpaid_cards: unpaid.map((u) => u.card!).filter(Boolean),
  };
}

type Staff = { id: number };
type Scan = TOfflineSync['scans'][number];

async function nameOfStaff(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx
    .select({ name: staffName(users) })
    .from(users)
    .where(eq(users.id, id));
  return row?.name ?? null;
}

/** The refusal a queued admission gets now, when the device's copy was out of date; null when it may hold. */
async function refusalNow(tx: Tx, list: ListRow, ticketId: number): Promise<OfflineOutcome | null> {
  const [ticket] = await tx
    .select({ productId: tickets.productId, status: tickets.status, orderStatus: orders.status })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, ticketId));
  if (!ticket) return 'UNKNOWN';
  if (ticket.productId !== list.productId) return 'OTHER_EXPERIENCE';
  if (ticket.status === TICKET_STATUS.VOID) return 'VOID';
  if (ticket.orderStatus !== 'PAID') return 'NOT_PAID';
  return null;
}

/** The scan's own row, written first: unique per device and scan id. Null when a copy of it was first. */
async function recordScan(
  tx: Tx,
  list: ListRow,
  device: string,
  scan: Scan,
  staff: Staff,
  fields: { ticketId: number | null; at: Date; outcome: OfflineOutcome },
) {
  const [row] = await tx
    .insert(offlineScans)
    .values({
      listId: list.id,
      device,
      scanId: scan.id,
      ticketId: fields.ticketId,
      scannedAt: fields.at,
      byUserId: staff.id,
      gate: scan.gate ?? null,
      kind: scan.kind ?? 'IN',
      reason: scan.reason ?? null,
      outcome: fields.outcome,
    })
    .onConflictDoNothing({ target: [offlineScans.device, offlineScans.scanId] })
    .returning({ id: offlineScans.id });
  return row ?? null;
}

async function outcomeOf(tx: Tx, device: string, scanId: string): Promise<OfflineOutcome | null> {
  const [known] = await tx
    .select({ outcome: offlineScans.outcome })
    .from(offlineScans)
    .where(and(eq(offlineScans.device, device), eq(offlineScans.scanId, scanId)));
  return (known?.outcome as OfflineOutcome | undefined) ?? null;
}

/**
 * One queued action, in its own transaction. Its row is written first (unique per device and scan
 * id, so a resent or concurrent copy of the same scan finds the first one's outcome). Then the
 * check-in: a ticket not in is let in at the scan's time; a ticket in since a later time is taken
 * over by this earlier scan and the later admission becomes the conflict; a ticket in since an
 * earlier (or the same) time makes this scan the conflict. The row lock on the check-in (or the
 * unique index, for the first insert) orders two gates' syncs of one ticket on PostgreSQL.
 * An override is an admission the server does not refuse (only a ticket gone is UNKNOWN), marked as
 * an override and audited as the online one is; of a ticket already in since earlier it is no
 * conflict (the gate saw "already in" and let them in again on purpose). A check-out: `checkOutOne`.
 */
async function syncOne(
  db: Db,
  request: FastifyRequest,
  list: ListRow,
  device: string,
  scan: Scan,
  staff: Staff,
): Promise<OfflineOutcome> {
  return db.transaction(async (tx) => {
    const known = await outcomeOf(tx, device, scan.id);
    if (known) return known;
    // A device's clock ahead of the server's cannot place its scan in the future.
    const at = new Date(Math.min(Date.parse(scan.at), Date.now()));
    if (scan.kind === 'OUT') return checkOutOne(tx, list, device, scan, staff, at);
    const override = scan.kind === 'OVERRIDE';
    const found = await refusalNow(tx, list, scan.ticket_id);
    const exists = found !== 'UNKNOWN';
    const refused = override && exists ? null : found;
    const row = await recordScan(tx, list, device, scan, staff, {
      ticketId: exists ? scan.ticket_id : null,
      at,
      outcome: refused ?? 'IN',
    });
    if (!row) return (await outcomeOf(tx, device, scan.id))!;
    if (refused) return refused;
    if (override) await auditOverride(tx, request, list, scan, at);
    const gate = scan.gate ?? null;
    const inserted = await tx
      .insert(checkIns)
      .values({
        ticketId: scan.ticket_id,
        listId: list.id,
        byUserId: staff.id,
        gate,
        at,
        isOverride: override,
      })
      .onConflictDoNothing({ target: [checkIns.ticketId, checkIns.listId] })
      .returning({ id: checkIns.id });
    if (inserted.length > 0) return 'IN';
    const [held] = await tx
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.ticketId, scan.ticket_id), eq(checkIns.listId, list.id)))
      .for('update');
    const heldAt = held!.at;
    const wasOutBefore = held!.checkedOutAt !== null && held!.checkedOutAt <= at;
    const mine: ScanWinner = { at: at.toISOString(), by: await nameOfStaff(tx, staff.id), gate, device };
    if (wasOutBefore || heldAt > at) {
      await tx
        .update(checkIns)
        .set({ at, byUserId: staff.id, gate, checkedOutAt: null, isOverride: override })
        .where(eq(checkIns.id, held!.id));
      if (!wasOutBefore) await demote(tx, list, scan.ticket_id, held!, mine);
      return 'IN';
    }
    if (override) {
      // In since earlier: the first admission keeps its time; the check-in says it was overridden.
      await tx.update(checkIns).set({ isOverride: true }).where(eq(checkIns.id, held!.id));
      return 'IN';
    }
    const [holder] = await tx
      .select({ device: offlineScans.device })
      .from(offlineScans)
      .where(
        and(
          eq(offlineScans.ticketId, scan.ticket_id),
          eq(offlineScans.listId, list.id),
          eq(offlineScans.outcome, 'IN'),
          eq(offlineScans.scannedAt, heldAt),
        ),
      )
      .orderBy(desc(offlineScans.id))
      .limit(1);
    const winner: ScanWinner = {
      at: heldAt.toISOString(),
      by: await nameOfStaff(tx, held!.byUserId),
      gate: held!.gate,
      device: holder?.device ?? null,
    };
    await tx.update(offlineScans).set({ outcome: 'CONFLICT', winner }).where(eq(offlineScans.id, row.id));
    return 'CONFLICT';
  });
}

/** An override made offline, in the audit log as the online one (`check-in-override`), with its time. */
async function auditOverride(tx: Tx, request: FastifyRequest, list: ListRow, scan: Scan, at: Date) {
  const [before] = await attendees(tx, list.id, [scan.ticket_id]);
  const [ticket] = await tx
    .select({ status: tickets.status, orderStatus: orders.status, productId: tickets.productId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, scan.ticket_id));
  await recordAudit(tx, request, {
    action: 'check-in-override',
    entityType: 'ticket',
    entityId: scan.ticket_id,
    before: {
      status: ticket!.status,
      order_status: ticket!.orderStatus,
      same_experience: ticket!.productId === list.productId,
      check_in: before?.check_in ?? null,
    },
    after: {
      name: before ? `${before.name} ${before.surname}`.trim() : null,
      list_id: list.id,
      gate: scan.gate ?? null,
      reason: scan.reason ?? null,
      offline: { scanned_at: at.toISOString(), scan_id: scan.id },
    },
  });
}

/**
 * A check-out made offline: the person leaves at the scan's time when the list keeps check-outs and
 * they were in by then (and have not left since); otherwise NOT_CHECKED_IN, listed for review (the
 * copy was out of date: another gate's scan, or the list's setting changed).
 */
async function checkOutOne(
  tx: Tx,
  list: ListRow,
  device: string,
  scan: Scan,
  staff: Staff,
  at: Date,
): Promise<OfflineOutcome> {
  const exists = (await refusalNow(tx, list, scan.ticket_id)) !== 'UNKNOWN';
  const row = await recordScan(tx, list, device, scan, staff, {
    ticketId: exists ? scan.ticket_id : null,
    at,
    outcome: 'NOT_CHECKED_IN',
  });
  if (!row) return (await outcomeOf(tx, device, scan.id))!;
  const out = list.allowsCheckOut
    ? await tx
        .update(checkIns)
        .set({ checkedOutAt: at })
        .where(
          and(
            eq(checkIns.ticketId, scan.ticket_id),
            eq(checkIns.listId, list.id),
            isNull(checkIns.checkedOutAt),
            lte(checkIns.at, at),
          ),
        )
        .returning({ id: checkIns.id })
    : [];
  if (out.length === 0) return 'NOT_CHECKED_IN';
  await tx.update(offlineScans).set({ outcome: 'OUT' }).where(eq(offlineScans.id, row.id));
  return 'OUT';
}

/**
 * The admission an earlier offline scan took a ticket from becomes the conflict: the offline scan
 * that made it, or (an online check-in) a row of its own without device. Every conflict of the
 * ticket on the list then names the new holder as the one that was first.
 */
async function demote(
  tx: Tx,
  list: ListRow,
  ticketId: number,
  held: typeof checkIns.$inferSelect,
  winner: ScanWinner,
) {
  const [loser] = await tx
    .select({ id: offlineScans.id })
    .from(offlineScans)
    .where(
      and(
        eq(offlineScans.ticketId, ticketId),
        eq(offlineScans.listId, list.id),
        eq(offlineScans.outcome, 'IN'),
        eq(offlineScans.scannedAt, held.at),
      ),
    )
    .orderBy(desc(offlineScans.id))
    .limit(1);
  if (loser) {
    await tx.update(offlineScans).set({ outcome: 'CONFLICT' }).where(eq(offlineScans.id, loser.id));
  } else {
    await tx.insert(offlineScans).values({
      listId: list.id,
      ticketId,
      scannedAt: held.at,
      byUserId: held.byUserId,
      gate: held.gate,
      outcome: 'CONFLICT',
    });
  }
  // Every admission of the ticket that did not hold lost to this earlier one, whoever it lost to before.
  await tx
    .update(offlineScans)
    .set({ winner })
    .where(
      and(
        eq(offlineScans.ticketId, ticketId),
        eq(offlineScans.listId, list.id),
        eq(offlineScans.outcome, 'CONFLICT'),
      ),
    );
}

/** A device's queue, scan by scan in the order of their time; then the list's open conflicts and counts. */
export async function syncScans(
  db: Db,
  request: FastifyRequest,
  listId: number,
  body: TOfflineSync & { scans: (Scan & { gate: string | null })[] },
  staff: Staff,
): Promise<TOfflineSyncResult> {
  const list = await loadList(db, listId);
  const ordered = [...body.scans].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const results: TOfflineSyncResult['results'] = [];
  for (const scan of ordered) {
    results.push({ id: scan.id, outcome: await syncOne(db, request, list, body.device, scan, staff) });
  }
  return {
    results,
    conflicts: await openConflicts(db, list.id, body.device),
    counts: await listCounts(db, list),
  };
}

/** The list's admissions that did not hold and nobody reviewed yet, the latest first (100 at most). */
async function openConflicts(tx: Tx, listId: number, device: string): Promise<TGateConflict[]> {
  const staff = alias(users, 'staff');
  const rows = await tx
    .select({
      id: offlineScans.id,
      outcome: offlineScans.outcome,
      kind: offlineScans.kind,
      ticketId: offlineScans.ticketId,
      name: tickets.name,
      surname: tickets.surname,
      orderId: tickets.orderId,
      at: offlineScans.scannedAt,
      by: staffName(staff),
      gate: offlineScans.gate,
      device: offlineScans.device,
      winner: offlineScans.winner,
    })
    .from(offlineScans)
    .leftJoin(tickets, eq(tickets.id, offlineScans.ticketId))
    .leftJoin(staff, eq(staff.id, offlineScans.byUserId))
    .where(
      and(
        eq(offlineScans.listId, listId),
        notInArray(offlineScans.outcome, ['IN', 'OUT']),
        isNull(offlineScans.reviewedAt),
      ),
    )
    .orderBy(desc(offlineScans.scannedAt), desc(offlineScans.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    outcome: r.outcome as OfflineOutcome,
    kind: r.kind as TGateConflict['kind'],
    ticket_id: r.ticketId,
    name: `${r.name ?? ''} ${r.surname ?? ''}`.trim(),
    order_id: r.orderId,
    scan: { at: iso(r.at)!, by: r.by, gate: r.gate },
    winner: r.winner ? { at: r.winner.at, by: r.winner.by, gate: r.winner.gate } : null,
    mine: r.device === device,
  }));
}

/** The list's open conflicts for the console (no device asks: none is marked as its own). */
export async function listConflicts(db: Db, listId: number): Promise<TGateConflict[]> {
  const list = await loadList(db, listId);
  return openConflicts(db, list.id, '');
}

/** A staff member has looked into a conflict: it leaves the gates' lists; the audit log keeps who. */
export async function reviewConflict(
  tx: Tx,
  request: FastifyRequest,
  listId: number,
  conflictId: number,
  staff: Staff,
  device: string,
): Promise<TGateConflict[]> {
  const list = await loadList(tx, listId);
  const [conflict] = await tx
    .select()
    .from(offlineScans)
    .where(
      and(
        eq(offlineScans.id, conflictId),
        eq(offlineScans.listId, list.id),
        notInArray(offlineScans.outcome, ['IN', 'OUT']),
      ),
    )
    .for('update');
  if (!conflict) throw notFound();
  if (conflict.reviewedAt === null) {
    await tx
      .update(offlineScans)
      .set({ reviewedAt: sql`now()`, reviewedByUserId: staff.id })
      .where(eq(offlineScans.id, conflict.id));
    await recordAudit(tx, request, {
      action: 'review-conflict',
      entityType: 'ticket',
      entityId: conflict.ticketId,
      before: { outcome: conflict.outcome, scanned_at: conflict.scannedAt, gate: conflict.gate },
      after: { list_id: list.id, conflict_id: conflict.id, winner: conflict.winner },
    });
  }
  return openConflicts(tx, list.id, device);
}
