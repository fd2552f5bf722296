import { createHmac, hkdfSync } from 'node:crypto';
import { ORDER_STATUS } from '@club/shared';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import {
  attendeeMailRecipients,
  auditLog,
  consentEvents,
  consentProofs,
  galleries,
  galleryImagePeople,
  galleryImages,
  invoices,
  orderItems,
  orders,
  outbox,
  rateLimits,
  seatOffers,
  tickets,
  users,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { removePhoto } from '../../lib/images';
import { unusedFiles } from '../../lib/media-in-use';
import { keyringOf, type PiiKey, type PiiKeyring } from '../../lib/pii-crypto';
import { mediaStorage } from '../../lib/storage';
import { withdrawFromLine } from '../catalog/seat-offers';

/**
 * Removing an account for good (issue 31, docs/privacy.md "Erasure"): the member's own removal and
 * staff's on a written request both come here, inside the caller's transaction. Every table the
 * register (register.ts) lists as the member's data is erased or anonymised; what the law makes the
 * club keep stays: the issued invoices, the invoice data of the orders behind them, KSeF's copy, and
 * the consent history as pseudonymous proof (consent_proofs). Idempotent: an account already gone
 * returns null and changes nothing. The gallery photos tagged as showing the member are deleted here;
 * their files leave storage after the caller's commit (`removeErasedFiles`).
 */
export type ErasureDeps = Pick<FastifyInstance, 'mailer' | 'config'> & { ring: PiiKeyring };

/** The `subject` of consent_proofs: an HMAC of the e-mail under a key derived from the PII key. */
export function consentProofSubject(key: PiiKey, email: string): string {
  const derived = Buffer.from(
    hkdfSync('sha256', key.key, Buffer.alloc(0), 'club consent-proof subject v1', 32),
  );
  return createHmac('sha256', derived).update(email.trim().toLowerCase()).digest('hex');
}

/** The rate-limit keys that carry an e-mail (auth/routes.ts). */
const emailLimitKeys = (email: string) => [`login:account:${email}`, `forgot:account:${email}`];

/** What an erasure leaves to do after its transaction commits: files nothing shows any more. */
export type ErasedAccount = { orphanFiles: string[] };

export async function eraseAccount(db: Tx, deps: ErasureDeps, userId: number): Promise<ErasedAccount | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  if (!user) return null;
  const removedAt = new Date();
  const email = user.email.toLowerCase();

  // Proof of consent (art. 7(1) RODO): the history, without the account, under the e-mail's HMAC.
  const history = await db.select().from(consentEvents).where(eq(consentEvents.userId, userId));
  if (history.length > 0) {
    const key = deps.ring.current;
    const subject = consentProofSubject(key, email);
    await db.insert(consentProofs).values(
      history.map((e) => ({
        subject,
        subjectKeyId: key.id,
        consent: e.consent,
        given: e.given,
        actor: e.actor,
        source: e.source,
        wordingVersion: e.wordingVersion,
        backfill: e.backfill,
        at: e.createdAt,
        removedAt,
      })),
    );
  }

  // Open waiting-list holds go back to the experience (and on to the next member in line).
  const open = await db
    .select({ productId: seatOffers.productId })
    .from(seatOffers)
    .where(and(eq(seatOffers.userId, userId), eq(seatOffers.status, 'OFFERED')));
  for (const { productId } of open) await withdrawFromLine(db, deps, productId, { userId });

  const orderIds = (await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map(
    (o) => o.id,
  );
  if (orderIds.length > 0) {
    const invoiced = db
      .select({ id: invoices.orderId })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds));
    await db
      .update(orders)
      .set({ buyer: { anonymised: true, removed_at: removedAt.toISOString() } })
      .where(inArray(orders.id, orderIds));
    // Invoice data stays only where an invoice was issued or is owed (paid, asked for): art. 106b VAT act.
    await db
      .update(orders)
      .set({ invoiceData: null })
      .where(
        and(
          inArray(orders.id, orderIds),
          sql`${orders.id} not in (${invoiced})`,
          or(ne(orders.status, ORDER_STATUS.PAID), eq(orders.isInvoice, false)),
        ),
      );
    await db
      .update(orderItems)
      .set({ persons: sql`'[]'::jsonb`, cartLabelAnswer: null })
      .where(inArray(orderItems.orderId, orderIds));
    // Tickets name their attendees: they go, with their check-ins and offline scans (cascade); the
    // audit rows of staff overrides on them lose the attendee's name.
    const gone = await db
      .delete(tickets)
      .where(inArray(tickets.orderId, orderIds))
      .returning({ id: tickets.id });
    if (gone.length > 0) {
      await db
        .update(auditLog)
        .set({ after: sql`${auditLog.after} - 'name'` })
        .where(
          and(
            eq(auditLog.entityType, 'ticket'),
            inArray(
              auditLog.entityId,
              gone.map((g) => String(g.id)),
            ),
          ),
        );
    }
  }

  await db
    .delete(attendeeMailRecipients)
    .where(
      or(eq(attendeeMailRecipients.userId, userId), sql`lower(${attendeeMailRecipients.email}) = ${email}`),
    );
  await db.delete(outbox).where(sql`lower(${outbox.to}) = ${email}`);
  // Mails to others that name the member (a dealer's notice about a customer): the body goes, the
  // delivery record stays.
  const needles = [email, [user.name, user.surname].join(' ').trim().toLowerCase()].filter(
    (n) => n.length >= 5,
  );
  for (const needle of needles) {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await db
      .update(outbox)
      .set({ text: '', html: null, attachments: [], secrets: null })
      .where(
        or(sql`lower(${outbox.text}) like ${like}`, sql`lower(coalesce(${outbox.html}, '')) like ${like}`),
      );
  }
  await db.delete(rateLimits).where(inArray(rateLimits.key, emailLimitKeys(email)));
  await db.update(auditLog).set({ actorEmail: 'removed', address: null }).where(eq(auditLog.actorId, userId));

  const orphanFiles = await erasePhotosOf(db, userId);

  // The rest goes by cascade: sessions, tokens, the customer row, interests, cart, waiting-list
  // wishes, seat counters, exports, the live consent history, a dealer's bonus data.
  await db.delete(users).where(eq(users.id, userId));
  return { orphanFiles };
}

/**
 * The gallery photos tagged as showing the member (RODO art. 17: a photo showing the person is their
 * data, so a photo showing several people goes too): their rows are deleted, a gallery whose tile was
 * one of them shows its first photo again, each deletion is an audit row (no caption: it may name the
 * person). Answers the files nothing else shows (the editor's rule, `fileInUse`).
 */
async function erasePhotosOf(db: Tx, userId: number): Promise<string[]> {
  const tagged = db
    .select({ id: galleryImagePeople.photoId })
    .from(galleryImagePeople)
    .where(eq(galleryImagePeople.userId, userId));
  const photos = await db
    .select({ id: galleryImages.id, galleryId: galleryImages.galleryId, file: galleryImages.file })
    .from(galleryImages)
    .where(inArray(galleryImages.id, tagged))
    .orderBy(galleryImages.id);
  if (photos.length === 0) return [];
  const galleryIds = [...new Set(photos.map((p) => p.galleryId))].sort((a, b) => a - b);
  // The galleries' rows first, in one order, as the editor's writes lock them.
  await db
    .select({ id: galleries.id })
    .from(galleries)
    .where(inArray(galleries.id, galleryIds))
    .for('update');
  const files = [...new Set(photos.map((p) => p.file))];
  await db.delete(galleryImages).where(
    inArray(
      galleryImages.id,
      photos.map((p) => p.id),
    ),
  );
  await db.update(galleries).set({ image: null }).where(inArray(galleries.image, files));
  for (const photo of photos)
    await recordAudit(
      db,
      { userId: null, email: 'account removal', address: null },
      {
        action: 'delete',
        entityType: 'gallery_photo',
        entityId: photo.id,
        before: { gallery_id: photo.galleryId, file: photo.file, erased_account: userId },
      },
    );
  return unusedFiles(db, files);
}

/** After the erasure's commit: the deleted photos' files that nothing shows leave storage. */
export async function removeErasedFiles(
  config: Pick<FastifyInstance['config'], 'DATA_DIR'>,
  erased: ErasedAccount | null,
): Promise<void> {
  if (!erased) return;
  const storage = mediaStorage(config);
  for (const file of erased.orphanFiles) await removePhoto(storage, file);
}

/** What erasure needs of the app. */
export const erasureDeps = (app: Pick<FastifyInstance, 'mailer' | 'config'>): ErasureDeps => ({
  mailer: app.mailer,
  config: app.config,
  ring: keyringOf(app.config),
});
