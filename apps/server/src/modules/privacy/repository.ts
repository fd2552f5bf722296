import { CONSENT_KEYS, USER_TYPE } from '@club/shared';
import type {
  TConsoleMember,
  TConsoleMemberPhoto,
  TConsoleMemberRow,
} from '@club/shared/schemas/privacy-console';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  bonusSignups,
  customers,
  galleries,
  galleryImagePeople,
  galleryImages,
  users,
} from '../../db/schema';
import { mediaSrcset, mediaUrl } from '../../lib/media';
import { consentHistoryOf } from '../../lib/consent-history';
import { openPesel } from '../../lib/pesel-store';
import { maskIdentityNumber, type PiiKeyring } from '../../lib/pii-crypto';
import { anyContains, containsPattern } from '../../lib/text-search';

const MEMBER_TYPES = [USER_TYPE.CUSTOMER, USER_TYPE.DEALER] as const;
type MemberType = (typeof MEMBER_TYPES)[number];

/** Members and dealers whose name, surname, whole name or e-mail contains the text (at most 20). */
export async function findMembers(db: Tx, search: string): Promise<TConsoleMemberRow[]> {
  const rows = await db
    .select({ id: users.id, type: users.type, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.type, MEMBER_TYPES),
        or(
          anyContains(search, [users.email, users.name, users.surname]),
          sql`(${users.name} || ' ' || ${users.surname}) ilike ${containsPattern(search)}`,
        ),
      ),
    )
    .orderBy(asc(users.surname), asc(users.name), asc(users.id))
    .limit(20);
  return rows.map((r) => ({ ...r, type: r.type as MemberType }));
}

async function memberUser(db: Tx, id: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.type, MEMBER_TYPES)));
  return user ?? null;
}

/** A member or dealer as staff see them: consents with the history, the bonus data with the PESEL masked. */
export async function consoleMember(db: Tx, ring: PiiKeyring, id: number): Promise<TConsoleMember | null> {
  const user = await memberUser(db, id);
  if (!user) return null;
  const [customer] = await db.select().from(customers).where(eq(customers.userId, id));
  const [bonus] = await db.select().from(bonusSignups).where(eq(bonusSignups.dealerId, id));
  const flags = customer ? (customer as unknown as Record<string, unknown>) : {};
  const camel = (key: string) => key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  const pesel = bonus ? openPesel(ring, bonus) : null;
  return {
    id: user.id,
    type: user.type as MemberType,
    name: user.name,
    surname: user.surname,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    consents: Object.fromEntries(CONSENT_KEYS.map((k) => [k, flags[camel(k)] === true])),
    consent_history: await consentHistoryOf(db, id),
    photos: await photosShowing(db, id),
    bonus: bonus
      ? {
          joined_at: bonus.createdAt.toISOString(),
          taxation_form: bonus.taxationForm,
          tax_office: bonus.taxOffice,
          tax_number: bonus.taxNumber,
          pesel_masked: pesel === null ? null : maskIdentityNumber(pesel),
        }
      : null,
  };
}

/** The gallery photos tagged as showing the member (issue 31), newest gallery first. */
export async function photosShowing(db: Tx, userId: number): Promise<TConsoleMemberPhoto[]> {
  const rows = await db
    .select({
      photo_id: galleryImages.id,
      gallery_id: galleries.id,
      gallery_name_pl: galleries.namePl,
      gallery_name_en: galleries.nameEn,
      caption_pl: galleryImages.captionPl,
      caption_en: galleryImages.captionEn,
      file: galleryImages.file,
    })
    .from(galleryImagePeople)
    .innerJoin(galleryImages, eq(galleryImages.id, galleryImagePeople.photoId))
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .where(eq(galleryImagePeople.userId, userId))
    .orderBy(desc(galleries.date), asc(galleries.id), asc(galleryImages.position), asc(galleryImages.id));
  return rows.map(({ file, ...r }) => ({ ...r, file_url: mediaUrl(file)!, srcset: mediaSrcset(file) }));
}

/** The dealer's whole PESEL (the audited reveal); null when there is no dealer or no PESEL. */
export async function dealerPesel(db: Tx, ring: PiiKeyring, id: number): Promise<string | null> {
  const [bonus] = await db.select().from(bonusSignups).where(eq(bonusSignups.dealerId, id));
  return bonus ? openPesel(ring, bonus) : null;
}
