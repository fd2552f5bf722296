import type { StaffStatus, TAuditQuery, TStaffListQuery, TStaffMember } from '@club/shared';
import { PAGE_SIZE_AUDIT, PAGE_SIZE_STAFF, STAFF_TYPES } from '@club/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog, discountCodes, galleries, invoices, partners, products, users } from '../../db/schema';
import type { UserRow } from '../../types';
import { pageMeta } from '../../lib/page-meta';
import { anyContains, containsPattern } from '../../lib/text-search';

export function staffStatus(user: Pick<UserRow, 'deactivatedAt' | 'passwordHash'>): StaffStatus {
  if (user.deactivatedAt) return 'DEACTIVATED';
  return user.passwordHash ? 'ACTIVE' : 'INVITED';
}

/** A staff account as the console shows it (and as the audit log keeps it, without `is_me`). */
export function toStaffMember(user: UserRow, meId: number): TStaffMember {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    surname: user.surname,
    type: user.type as TStaffMember['type'],
    language_code: user.languageCode === 'en' ? 'en' : 'pl',
    status: staffStatus(user),
    second_factor: user.totpEnabledAt !== null,
    created_at: user.createdAt.toISOString(),
    deactivated_at: user.deactivatedAt?.toISOString() ?? null,
    is_me: user.id === meId,
  };
}

export const auditSnapshot = (user: UserRow) => {
  const { is_me: _, ...rest } = toStaffMember(user, 0);
  return rest;
};

const STATUS_WHERE: Record<StaffStatus, SQL> = {
  ACTIVE: and(isNull(users.deactivatedAt), isNotNull(users.passwordHash))!,
  INVITED: and(isNull(users.deactivatedAt), isNull(users.passwordHash))!,
  DEACTIVATED: isNotNull(users.deactivatedAt),
};

export async function listStaff(db: Tx, q: TStaffListQuery) {
  const filters: SQL[] = [inArray(users.type, [...STAFF_TYPES])];
  if (q.type) filters.push(eq(users.type, q.type));
  if (q.status) filters.push(STATUS_WHERE[q.status]);
  for (const word of (q.search ?? '').split(/\s+/).filter(Boolean)) {
    filters.push(anyContains(word, [users.name, users.surname, users.email]));
  }
  const where = and(...filters);
  const dir = q.dir === 'desc' ? desc : asc;
  const order = {
    name: [dir(sql`lower(${users.surname})`), dir(sql`lower(${users.name})`)],
    email: [dir(sql`lower(${users.email})`)],
    type: [dir(users.type), asc(sql`lower(${users.surname})`)],
    created_at: [dir(users.createdAt)],
  }[q.sort];
  const [{ total }] = (await db.select({ total: count() }).from(users).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order, asc(users.id))
    .limit(PAGE_SIZE_STAFF)
    .offset((q.page - 1) * PAGE_SIZE_STAFF);
  return { rows, meta: pageMeta(q.page, PAGE_SIZE_STAFF, Number(total)) };
}

/** A staff account by id, locked for the caller's transaction; null for anyone else. */
export async function findStaffForUpdate(db: Tx, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.type, [...STAFF_TYPES])))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Midnight of a club day (Europe/Warsaw) as an instant. */
const clubMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Warsaw'`;

/**
 * The current name of each named entity on an audit page (issue 28: "product #32" says nothing):
 * experiences and galleries in the reader's language, partners, discount codes, invoices' numbers,
 * staff accounts' e-mails; one read per entity type on the page. Removed ones have none (the screen
 * then falls back to the name in the row's snapshot).
 */
async function entityNames(db: Tx, rows: { entityType: string; entityId: string | null }[], lang: string) {
  const idsOf = (type: string) => [
    ...new Set(
      rows
        .filter((r) => r.entityType === type && r.entityId && /^\d{1,9}$/.test(r.entityId))
        .map((r) => Number(r.entityId)),
    ),
  ];
  const en = lang === 'en';
  const names = new Map<string, string>();
  const put = (type: string, list: { id: number; name: string | null }[]) => {
    for (const r of list) if (r.name) names.set(`${type}:${r.id}`, r.name);
  };
  const read = async (
    type: string,
    load: (ids: number[]) => Promise<{ id: number; name: string | null }[]>,
  ) => {
    const ids = idsOf(type);
    if (ids.length) put(type, await load(ids));
  };
  await read('product', (ids) =>
    db
      .select({ id: products.id, name: en ? products.nameEn : products.namePl })
      .from(products)
      .where(inArray(products.id, ids)),
  );
  await read('gallery', (ids) =>
    db
      .select({ id: galleries.id, name: en ? galleries.nameEn : galleries.namePl })
      .from(galleries)
      .where(inArray(galleries.id, ids)),
  );
  await read('partner', (ids) =>
    db.select({ id: partners.id, name: partners.name }).from(partners).where(inArray(partners.id, ids)),
  );
  await read('discount_code', (ids) =>
    db
      .select({ id: discountCodes.id, name: discountCodes.code })
      .from(discountCodes)
      .where(inArray(discountCodes.id, ids)),
  );
  await read('invoice', (ids) =>
    db.select({ id: invoices.id, name: invoices.number }).from(invoices).where(inArray(invoices.id, ids)),
  );
  await read('staff', (ids) =>
    db.select({ id: users.id, name: users.email }).from(users).where(inArray(users.id, ids)),
  );
  return (type: string, id: string | null) => (id ? (names.get(`${type}:${id}`) ?? null) : null);
}

export async function listAudit(db: Tx, q: TAuditQuery, lang = 'pl') {
  const filters: SQL[] = [];
  if (q.actor) filters.push(ilike(auditLog.actorEmail, containsPattern(q.actor)));
  if (q.entity_type) filters.push(eq(auditLog.entityType, q.entity_type));
  if (q.entity_id) filters.push(eq(auditLog.entityId, q.entity_id));
  if (q.from) filters.push(gte(auditLog.at, clubMidnight(q.from)));
  if (q.to) filters.push(lt(auditLog.at, sql`${clubMidnight(q.to)} + interval '1 day'`));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(PAGE_SIZE_AUDIT)
    .offset((q.page - 1) * PAGE_SIZE_AUDIT);
  const nameOf = await entityNames(db, rows, lang);
  return {
    data: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      action: r.action,
      entity_type: r.entityType,
      entity_id: r.entityId,
      entity_name: nameOf(r.entityType, r.entityId),
      before: r.before ?? null,
      after: r.after ?? null,
      address: r.address,
    })),
    meta: pageMeta(q.page, PAGE_SIZE_AUDIT, Number(total)),
  };
}

export async function auditEntityTypes(db: Tx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ type: auditLog.entityType })
    .from(auditLog)
    .orderBy(asc(auditLog.entityType));
  return rows.map((r) => r.type);
}
