import type { TCheckInCounts, TGateExperience } from '@club/shared/contract/event-day';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { checkInLists, products } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { clubToday } from '../../lib/club-day';
import { type Lang, nameIn } from '../../lib/localized';

/** The gate's check-in lists (issue 29, docs/event-day.md): which experiences, which lists, the counts. */

export type { Lang } from '../../lib/localized';
export type ListRow = {
  id: number;
  productId: number;
  name: string | null;
  isDefault: boolean;
  allowsCheckOut: boolean;
};

/** The list's columns, read in one shape wherever a list is read. */
export const listColumns = {
  id: checkInLists.id,
  productId: checkInLists.productId,
  name: checkInLists.name,
  isDefault: checkInLists.isDefault,
  allowsCheckOut: checkInLists.allowsCheckOut,
};

export async function loadList(tx: Tx, id: number): Promise<ListRow> {
  const [list] = await tx.select(listColumns).from(checkInLists).where(eq(checkInLists.id, id));
  if (!list) throw notFound();
  return list;
}

export const listOut = (l: ListRow) => ({
  id: l.id,
  name: l.name,
  is_default: l.isDefault,
  allows_check_out: l.allowsCheckOut,
});

const experienceColumns = {
  id: products.id,
  namePl: products.namePl,
  nameEn: products.nameEn,
  startDate: products.startDate,
  startTime: products.startTime,
  placePl: products.placePl,
  placeEn: products.placeEn,
};
type ExperienceRow = {
  id: number;
  namePl: string;
  nameEn: string;
  startDate: string;
  startTime: string | null;
  placePl: string | null;
  placeEn: string | null;
};

const experienceOut = (lang: Lang, p: ExperienceRow) => ({
  id: p.id,
  name: nameIn(lang, p),
  start_date: p.startDate,
  start_time: p.startTime,
  place: (lang === 'en' ? p.placeEn : p.placePl) || null,
});

/**
 * The experiences from yesterday on (soonest first, at most 60), each with its lists. A pure read
 * (the gate asks every 15 s): the default list is made with the first tickets, so an experience
 * without a list has nobody to let in yet.
 */
export async function gateExperiences(tx: Tx, lang: Lang): Promise<TGateExperience[]> {
  const since = clubToday(new Date(Date.now() - 86_400_000));
  const rows = await tx
    .select(experienceColumns)
    .from(products)
    .where(
      and(isNull(products.archivedAt), sql`coalesce(${products.endDate}, ${products.startDate}) >= ${since}`),
    )
    .orderBy(asc(products.startDate), asc(products.id))
    .limit(60);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lists = await tx
    .select(listColumns)
    .from(checkInLists)
    .where(inArray(checkInLists.productId, ids))
    .orderBy(sql`${checkInLists.isDefault} desc`, asc(checkInLists.id));
  return rows.map((r) => ({
    ...experienceOut(lang, r),
    lists: lists.filter((l) => l.productId === r.id).map(listOut),
  }));
}

/**
 * Expected (the experience's valid tickets), in (on this list now) and not yet in (expected, not in):
 * one pass joins the two partial indexes of migration 0035 (an override may let in a ticket that is
 * not expected, so "not yet" is not expected minus in).
 */
export async function listCounts(tx: Tx, list: ListRow): Promise<TCheckInCounts> {
  const result = (await tx.execute(sql`
    select count(v.id)::int as expected, count(c.ticket_id)::int as in_now,
      (count(v.id) filter (where c.ticket_id is null))::int as not_yet
    from (select t.id from tickets t where t.product_id = ${list.productId} and t.status = 'VALID') v
    full join (select ci.ticket_id from check_ins ci
      where ci.list_id = ${list.id} and ci.checked_out_at is null) c on c.ticket_id = v.id`)) as unknown as {
    rows: { expected: number; in_now: number; not_yet: number }[];
  };
  const row = result.rows[0]!;
  return { expected: Number(row.expected), in: Number(row.in_now), not_yet: Number(row.not_yet) };
}

/** Per database and list: the count now running, and the one queued to start after it. */
type CountSlot = { running?: Promise<TCheckInCounts>; next?: Promise<TCheckInCounts> };
const countSlots = new WeakMap<Db, Map<number, CountSlot>>();

/**
 * The list's counts for a caller outside a transaction whose write has committed (a scan, a check-in
 * from the search, a check-out). Callers at the same instant share one count: a caller joins the
 * count queued to start once the running one ends, never the running one, which began before its
 * write; so each answer still counts its own scan. 32 gates scanning at once read the counts a few
 * times instead of 32 (docs/event-day.md, "The gate under load"). Inside a transaction, `listCounts`.
 */
export function sharedListCounts(db: Db, list: ListRow): Promise<TCheckInCounts> {
  const slots = countSlots.get(db) ?? new Map<number, CountSlot>();
  countSlots.set(db, slots);
  const own = slots.get(list.id) ?? {};
  slots.set(list.id, own);
  if (own.next) return own.next;
  const start = () => {
    own.next = undefined;
    const run = listCounts(db, list);
    own.running = run;
    const settle = () => {
      if (own.running === run) own.running = undefined;
    };
    run.then(settle, settle);
    return run;
  };
  if (!own.running) return start();
  own.next = own.running.then(start, start);
  return own.next;
}

/** The experience a list belongs to, as the gate and the door list head it. */
export async function experienceOf(tx: Tx, productId: number, lang: Lang) {
  const [p] = await tx.select(experienceColumns).from(products).where(eq(products.id, productId));
  if (!p) throw notFound();
  return experienceOut(lang, p);
}

export async function listDetail(tx: Tx, id: number, lang: Lang) {
  const list = await loadList(tx, id);
  const { id: productId, name, start_date } = await experienceOf(tx, list.productId, lang);
  return {
    list: listOut(list),
    experience: { id: productId, name, start_date },
    counts: await listCounts(tx, list),
  };
}
