import type { TCheckInCounts, TGateExperience } from '@club/shared/contract/event-day';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { checkInLists, products } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { clubToday } from '../../lib/club-day';
import { ensureDefaultLists } from './tickets';

/** The gate's check-in lists (issue 29, docs/event-day.md): which experiences, which lists, the counts. */

export type Lang = 'pl' | 'en';
export type ListRow = { id: number; productId: number; name: string | null; isDefault: boolean };

export const nameOf = (lang: Lang, p: { namePl: string; nameEn: string }) =>
  lang === 'en' ? p.nameEn : p.namePl;

export async function loadList(tx: Tx, id: number): Promise<ListRow> {
  const [list] = await tx
    .select({
      id: checkInLists.id,
      productId: checkInLists.productId,
      name: checkInLists.name,
      isDefault: checkInLists.isDefault,
    })
    .from(checkInLists)
    .where(eq(checkInLists.id, id));
  if (!list) throw notFound();
  return list;
}

const listOut = (l: ListRow) => ({ id: l.id, name: l.name, is_default: l.isDefault });

/** The experiences from yesterday on (soonest first, at most 60), each with its lists. */
export async function gateExperiences(tx: Tx, lang: Lang): Promise<TGateExperience[]> {
  const since = clubToday(new Date(Date.now() - 86_400_000));
  const rows = await tx
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
      startTime: products.startTime,
      placePl: products.placePl,
      placeEn: products.placeEn,
    })
    .from(products)
    .where(
      and(isNull(products.archivedAt), sql`coalesce(${products.endDate}, ${products.startDate}) >= ${since}`),
    )
    .orderBy(asc(products.startDate), asc(products.id))
    .limit(60);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await ensureDefaultLists(tx, ids);
  const lists = await tx
    .select({
      id: checkInLists.id,
      productId: checkInLists.productId,
      name: checkInLists.name,
      isDefault: checkInLists.isDefault,
    })
    .from(checkInLists)
    .where(inArray(checkInLists.productId, ids))
    .orderBy(sql`${checkInLists.isDefault} desc`, asc(checkInLists.id));
  return rows.map((r) => ({
    id: r.id,
    name: nameOf(lang, r),
    start_date: r.startDate,
    start_time: r.startTime,
    place: (lang === 'en' ? r.placeEn : r.placePl) || null,
    lists: lists.filter((l) => l.productId === r.id).map(listOut),
  }));
}

/** Expected (valid tickets of the experience), in now on this list, and not yet in. */
export async function listCounts(tx: Tx, list: ListRow): Promise<TCheckInCounts> {
  const result = (await tx.execute(sql`
    select
      (select count(*) from tickets t where t.product_id = ${list.productId} and t.status = 'VALID')::int as expected,
      (select count(*) from check_ins c where c.list_id = ${list.id} and c.checked_out_at is null)::int as "in",
      (select count(*) from check_ins c join tickets t on t.id = c.ticket_id
        where c.list_id = ${list.id} and c.checked_out_at is null and t.status = 'VALID'
          and t.product_id = ${list.productId})::int as valid_in`)) as unknown as {
    rows: { expected: number; in: number; valid_in: number }[];
  };
  const row = result.rows[0]!;
  const expected = Number(row.expected);
  return { expected, in: Number(row.in), not_yet: Math.max(expected - Number(row.valid_in), 0) };
}

export async function listDetail(tx: Tx, id: number, lang: Lang) {
  const list = await loadList(tx, id);
  const [product] = await tx
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
    })
    .from(products)
    .where(eq(products.id, list.productId));
  return {
    list: listOut(list),
    experience: { id: product!.id, name: nameOf(lang, product!), start_date: product!.startDate },
    counts: await listCounts(tx, list),
  };
}
