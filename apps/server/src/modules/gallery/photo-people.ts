import { USER_TYPE } from '@club/shared';
import type { TPhotoPerson } from '@club/shared/contract/admin-galleries';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { galleryImagePeople, galleryImages, users } from '../../db/schema';
import { invalidField, notFound } from '../../lib/app-error';
import { hasCardNumber } from '../../lib/club-card';

/**
 * Who a gallery photo shows (issue 31, docs/privacy.md "Erasure"): staff tag a photo with members,
 * found by e-mail or club card number; removing a member's account deletes the photos tagged with them.
 */

/** The photo of this gallery under a lock (tags of a photo being removed wait for it), or 404. */
export async function lockGalleryPhoto(tx: Tx, galleryId: number, photoId: number): Promise<void> {
  const [photo] = await tx
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(and(eq(galleryImages.id, photoId), eq(galleryImages.galleryId, galleryId)))
    .for('update');
  if (!photo) throw notFound();
}

/** The people a photo shows, by surname. */
export async function photoPeople(db: Tx, photoId: number): Promise<TPhotoPerson[]> {
  const rows = await db
    .select({
      user_id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      taggedAt: galleryImagePeople.taggedAt,
    })
    .from(galleryImagePeople)
    .innerJoin(users, eq(users.id, galleryImagePeople.userId))
    .where(eq(galleryImagePeople.photoId, photoId))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  return rows.map(({ taggedAt, ...r }) => ({ ...r, tagged_at: taggedAt.toISOString() }));
}

/** A member or dealer by e-mail or club card number (either in any case), locked; 422 on the field when none. */
export async function memberByEmailOrCard(db: Tx, text: string): Promise<number> {
  const needle = text.trim();
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.type, [USER_TYPE.CUSTOMER, USER_TYPE.DEALER]),
        or(sql`lower(${users.email}) = ${needle.toLowerCase()}`, hasCardNumber(needle)),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1)
    // Locked before the photo, in the order an account's removal locks (the account, then its
    // photos), so a tag racing the removal waits for it instead of deadlocking.
    .for('share');
  if (!member) throw invalidField('member', 'content.noSuchMember');
  return member.id;
}

/** Tags the photo with the member; false when it already was (nothing changes). */
export async function tagPhoto(tx: Tx, photoId: number, userId: number, staffId: number): Promise<boolean> {
  const added = await tx
    .insert(galleryImagePeople)
    .values({ photoId, userId, taggedBy: staffId })
    .onConflictDoNothing()
    .returning({ userId: galleryImagePeople.userId });
  return added.length > 0;
}

/** Takes the member off the photo; 404 when they were not on it. */
export async function untagPhoto(tx: Tx, photoId: number, userId: number): Promise<void> {
  const gone = await tx
    .delete(galleryImagePeople)
    .where(and(eq(galleryImagePeople.photoId, photoId), eq(galleryImagePeople.userId, userId)))
    .returning({ userId: galleryImagePeople.userId });
  if (gone.length === 0) throw notFound();
}
