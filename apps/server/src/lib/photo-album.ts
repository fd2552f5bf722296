import type { TAdminPhoto } from '@club/shared/contract/admin-catalog';
import type { EndpointDefinition } from '@club/shared/contract/define';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../db/client';
import { notFound, stale } from './app-error';
import { type AuditEntry, recordAudit } from './audit';
import { routeOf } from './contract';
import { removePhoto, storePhoto } from './images';
import { mediaSrcset, mediaUrl } from './media';
import { fileInUse } from './media-in-use';
import type { MediaStorage } from './storage';
import { readUpload } from './uploads';

/**
 * The photos the console hangs on something (an experience, a gallery): one table of photos with
 * the same columns, and the owner's cover picture. Everything that differs between owners is here;
 * the reads, the order and the five routes (upload, caption, cover, order, remove) are written once.
 */
export type PhotoAlbum = {
  /** The table of photos: every album's has these columns. */
  photos: PgTable & Record<'id' | 'file' | 'position' | 'captionPl' | 'captionEn', PgColumn>;
  /** The column of a photo's owner (the experience's or the gallery's id). */
  ownerColumn: PgColumn;
  /** The audit's words: the owner's entity, the photo's entity and the owner's key in a photo's values. */
  audit: { owner: string; photo: string; ownerKey: string };
  /**
   * `explicit`: the owner shows only the cover it has (an experience; its first photo becomes the cover,
   * and when the cover goes the next photo takes its place). `first-photo`: without a chosen cover the
   * first photo shows (a gallery's tile).
   */
  coverMode: 'explicit' | 'first-photo';
  exists(db: Tx, ownerId: number): Promise<boolean>;
  /** The owner's row under a lock (404 when gone): its cover, and the cover's columns for the audit. */
  lock(tx: Tx, ownerId: number): Promise<{ cover: string | null; coverAudit: Record<string, unknown> }>;
  insert(tx: Tx, ownerId: number, values: { file: string; position: number }): Promise<number>;
  /** Sets the owner's cover (and marks it changed); answers the cover's columns for the audit. */
  setCover(tx: Tx, ownerId: number, file: string | null): Promise<Record<string, unknown>>;
  /** Marks the owner changed (its update time) after a change of its photos. */
  touch(tx: Tx, ownerId: number): Promise<void>;
};

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type PhotoRow = { id: number; file: string; position: number; captionPl: string; captionEn: string };

function selectPhotos(db: Tx, album: PhotoAlbum) {
  const c = album.photos;
  return db
    .select({ id: c.id, file: c.file, position: c.position, captionPl: c.captionPl, captionEn: c.captionEn })
    .from(c);
}

/** The owner's photos in their order, as the console shows them. */
export async function loadPhotos(
  db: Tx,
  album: PhotoAlbum,
  ownerId: number,
  cover: string | null,
): Promise<TAdminPhoto[]> {
  const c = album.photos;
  const owner = album.ownerColumn;
  const rows = (await selectPhotos(db, album)
    .where(eq(owner, ownerId))
    .orderBy(asc(c.position), asc(c.id))) as PhotoRow[];
  const shown = album.coverMode === 'first-photo' ? (cover ?? rows[0]?.file ?? null) : cover;
  return rows.map((r) => ({
    id: r.id,
    file: r.file,
    file_url: mediaUrl(r.file)!,
    srcset: mediaSrcset(r.file),
    caption_pl: r.captionPl,
    caption_en: r.captionEn,
    position: r.position,
    is_cover: r.file === shown,
  }));
}

/** A photo of this owner, or 404. */
async function findPhoto(tx: Tx, album: PhotoAlbum, ownerId: number, photoId: number): Promise<PhotoRow> {
  const c = album.photos;
  const owner = album.ownerColumn;
  const [row] = (await selectPhotos(tx, album).where(
    and(eq(c.id, photoId), eq(owner, ownerId)),
  )) as PhotoRow[];
  if (!row) throw notFound();
  return row;
}

/**
 * The owner's photos get positions 0..n-1 in the given order, which must name every photo of the owner
 * once: an order made from an outdated list (a photo added or removed meanwhile) is refused as stale.
 * Answers the order before.
 */
async function orderPhotos(tx: Tx, album: PhotoAlbum, ownerId: number, ids: number[]): Promise<number[]> {
  const c = album.photos;
  const owner = album.ownerColumn;
  const rows = (await tx
    .select({ id: c.id })
    .from(c)
    .where(eq(owner, ownerId))
    .orderBy(asc(c.position), asc(c.id))) as { id: number }[];
  const own = new Set(rows.map((r) => r.id));
  if (ids.length !== own.size || new Set(ids).size !== ids.length || ids.some((x) => !own.has(x)))
    throw stale();
  for (const [position, photoId] of ids.entries())
    await tx
      .update(c)
      .set({ position } as never)
      .where(eq(c.id, photoId));
  return rows.map((r) => r.id);
}

async function nextPosition(tx: Tx, album: PhotoAlbum, ownerId: number): Promise<number> {
  const c = album.photos;
  const owner = album.ownerColumn;
  const [row] = (await tx
    .select({ next: sql<number>`coalesce(max(${c.position}) + 1, 0)::int` })
    .from(c)
    .where(eq(owner, ownerId))) as [{ next: number }];
  return Number(row.next);
}

/** The first photo left, which becomes an `explicit` owner's cover when its cover is removed. */
async function firstPhotoFile(tx: Tx, album: PhotoAlbum, ownerId: number): Promise<string | null> {
  const c = album.photos;
  const owner = album.ownerColumn;
  const [next] = (await tx
    .select({ file: c.file })
    .from(c)
    .where(eq(owner, ownerId))
    .orderBy(asc(c.position), asc(c.id))
    .limit(1)) as { file: string }[];
  return next?.file ?? null;
}

/**
 * The album's five routes: staff only (the contract's access), each change audited in its own
 * transaction. Uploads are processed before the transaction and their files removed again when it fails;
 * a removed photo's files go only when nothing else shows them.
 */
export function registerPhotoRoutes(
  app: ZodApp,
  album: PhotoAlbum,
  storage: MediaStorage,
  endpoints: Record<'upload' | 'caption' | 'cover' | 'order' | 'remove', EndpointDefinition>,
): void {
  const { owner, photo: photoEntity, ownerKey } = album.audit;
  const params = (request: { params: unknown }) => request.params as { id: number; photoId: number };
  /** The owner's new cover when a change gives it one (null: none), else the owner only marked changed. */
  const changeCover = async (tx: Tx, id: number, cover: string | null | undefined) => {
    if (cover === undefined) await album.touch(tx, id);
    else await album.setCover(tx, id, cover);
  };
  /** The audit row of a change of one photo. */
  const auditPhoto = (
    tx: Tx,
    request: FastifyRequest,
    photoId: number,
    entry: Omit<AuditEntry, 'entityType' | 'entityId'>,
  ) => recordAudit(tx, request, { entityType: photoEntity, entityId: photoId, ...entry });
  app.route({
    ...routeOf(endpoints.upload),
    handler: async (request, reply) => {
      const { id } = params(request);
      // The owner first: nothing is processed or stored for one that does not exist.
      if (!(await album.exists(app.db, id))) throw notFound();
      const { bytes, fileName } = await readUpload(request);
      const stored = await storePhoto(storage, bytes);
      try {
        const photo = await app.db.transaction(async (tx) => {
          const { cover } = await album.lock(tx, id);
          const photoId = await album.insert(tx, id, {
            file: stored.file,
            position: await nextPosition(tx, album, id),
          });
          // An experience without a cover takes its first photo.
          const newCover = album.coverMode === 'explicit' && !cover ? stored.file : undefined;
          await changeCover(tx, id, newCover);
          await auditPhoto(tx, request, photoId, {
            action: 'upload',
            after: {
              [ownerKey]: id,
              file: stored.file,
              name: fileName,
              width: stored.width,
              height: stored.height,
            },
          });
          return (await loadPhotos(tx, album, id, newCover ?? cover)).find((p) => p.id === photoId)!;
        });
        reply.code(201);
        return { success: true as const, data: photo };
      } catch (error) {
        await removePhoto(storage, stored.file);
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(endpoints.caption),
    handler: async (request) => {
      const { id, photoId } = params(request);
      const body = request.body as { caption_pl: string; caption_en: string };
      const photo = await app.db.transaction(async (tx) => {
        const { cover } = await album.lock(tx, id);
        const before = await findPhoto(tx, album, id, photoId);
        await tx
          .update(album.photos)
          .set({ captionPl: body.caption_pl, captionEn: body.caption_en } as never)
          .where(eq(album.photos.id, photoId));
        await album.touch(tx, id);
        await auditPhoto(tx, request, photoId, {
          action: 'caption',
          before: { caption_pl: before.captionPl, caption_en: before.captionEn },
          after: body,
        });
        return (await loadPhotos(tx, album, id, cover)).find((p) => p.id === photoId)!;
      });
      return { success: true as const, data: photo };
    },
  });

  app.route({
    ...routeOf(endpoints.cover),
    handler: async (request) => {
      const { id, photoId } = params(request);
      const photos = await app.db.transaction(async (tx) => {
        const { coverAudit } = await album.lock(tx, id);
        const photo = await findPhoto(tx, album, id, photoId);
        const after = await album.setCover(tx, id, photo.file);
        await recordAudit(tx, request, {
          action: 'cover',
          entityType: owner,
          entityId: id,
          before: coverAudit,
          after,
        });
        return loadPhotos(tx, album, id, photo.file);
      });
      return { success: true as const, data: photos };
    },
  });

  app.route({
    ...routeOf(endpoints.order),
    handler: async (request) => {
      const { id } = params(request);
      const { ids } = request.body as { ids: number[] };
      const photos = await app.db.transaction(async (tx) => {
        const { cover } = await album.lock(tx, id);
        const before = await orderPhotos(tx, album, id, ids);
        await album.touch(tx, id);
        await recordAudit(tx, request, {
          action: 'reorder',
          entityType: owner,
          entityId: id,
          before: { photo_ids: before },
          after: { photo_ids: ids },
        });
        return loadPhotos(tx, album, id, cover);
      });
      return { success: true as const, data: photos };
    },
  });

  app.route({
    ...routeOf(endpoints.remove),
    handler: async (request) => {
      const { id, photoId } = params(request);
      const { photos, orphan } = await app.db.transaction(async (tx) => {
        const { cover } = await album.lock(tx, id);
        const photo = await findPhoto(tx, album, id, photoId);
        await tx.delete(album.photos).where(eq(album.photos.id, photoId));
        // An experience's next photo becomes its cover; a gallery's tile shows its first photo again.
        const explicit = album.coverMode === 'explicit';
        const newCover =
          cover !== photo.file ? undefined : explicit ? await firstPhotoFile(tx, album, id) : null;
        await changeCover(tx, id, newCover);
        await auditPhoto(tx, request, photoId, {
          action: 'delete',
          before: {
            [ownerKey]: id,
            file: photo.file,
            caption_pl: photo.captionPl,
            caption_en: photo.captionEn,
          },
        });
        return {
          photos: await loadPhotos(tx, album, id, newCover === undefined ? cover : newCover),
          orphan: (await fileInUse(tx, photo.file)) ? null : photo.file,
        };
      });
      if (orphan) await removePhoto(storage, orphan);
      return { success: true as const, data: photos };
    },
  });
}
