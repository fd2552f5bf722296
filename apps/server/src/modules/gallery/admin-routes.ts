import { adminGalleriesContract as contract } from '@club/shared/contract/admin-galleries';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { galleries, galleryImages } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { removePhoto, storePhoto } from '../../lib/images';
import { mediaStorage } from '../../lib/storage';
import { readUpload, uploadsPlugin } from '../../lib/uploads';
import {
  createGallery,
  findPhoto,
  galleryOptions,
  listAdminGalleries,
  loadAdminGallery,
  loadPhotos,
  lockGallery,
  nextPhotoPosition,
  orderPhotos,
  touchGallery,
  updateGallery,
} from './admin-repository';
import { fileInUse } from '../../lib/media-in-use';
import { pageMeta } from '../../lib/page-meta';
import { dropCataloguesOnWrite } from '../../lib/console-writes';

/**
 * The console's galleries (issue 16, docs/console.md): create, edit, upload many photos (one request
 * each, run in parallel by the page), caption, order, choose the tile picture, link to an experience.
 * Staff only; every change audited in its own transaction; the form's saves are version-checked.
 */
export const galleryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await uploadsPlugin(app);
  const storage = mediaStorage(app.config);
  dropCataloguesOnWrite(app);

  const load = async (id: number) => {
    const gallery = await loadAdminGallery(app.db, id);
    if (!gallery) throw notFound();
    return gallery;
  };

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => {
      const { rows, total } = await listAdminGalleries(app.db, request.query);
      const perPage = request.query.per_page;
      return {
        success: true as const,
        data: rows,
        meta: pageMeta(request.query.page, perPage, total),
      };
    },
  });

  app.route({
    ...routeOf(contract.options),
    handler: async () => ({ success: true as const, data: await galleryOptions(app.db) }),
  });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => ({ success: true as const, data: await load(request.params.id) }),
  });

  app.route({
    ...routeOf(contract.create),
    handler: async (request, reply) => {
      const gallery = await app.db.transaction(async (tx) => {
        const id = await createGallery(tx, request.body);
        const after = await loadAdminGallery(tx, id);
        await recordAudit(tx, request, { action: 'create', entityType: 'gallery', entityId: id, after });
        return after!;
      });
      reply.code(201);
      return { success: true as const, data: gallery };
    },
  });

  app.route({
    ...routeOf(contract.update),
    handler: async (request) => {
      const { id } = request.params;
      const gallery = await app.db.transaction(async (tx) => {
        const before = await loadAdminGallery(tx, id);
        if (!before) throw notFound();
        await updateGallery(tx, id, request.body.version, request.body.gallery);
        const after = await loadAdminGallery(tx, id);
        await recordAudit(tx, request, {
          action: 'update',
          entityType: 'gallery',
          entityId: id,
          before: { ...before, photos: undefined },
          after: { ...after!, photos: undefined },
        });
        return after!;
      });
      return { success: true as const, data: gallery };
    },
  });

  app.route({
    ...routeOf(contract.remove),
    handler: async (request) => {
      const { id } = request.params;
      const orphans = await app.db.transaction(async (tx) => {
        await lockGallery(tx, id);
        const before = await loadAdminGallery(tx, id);
        await tx.delete(galleries).where(eq(galleries.id, id));
        await recordAudit(tx, request, { action: 'delete', entityType: 'gallery', entityId: id, before });
        const files = [...new Set(before!.photos.map((p) => p.file))];
        const unused: string[] = [];
        for (const file of files) if (!(await fileInUse(tx, file))) unused.push(file);
        return unused;
      });
      for (const file of orphans) await removePhoto(storage, file);
      return { success: true as const };
    },
  });

  /* ---- photos ---- */

  app.route({
    ...routeOf(contract.uploadPhoto),
    handler: async (request, reply) => {
      const { id } = request.params;
      // The gallery first: nothing is processed or stored for one that does not exist.
      if (!(await loadAdminGallery(app.db, id))) throw notFound();
      const { bytes, fileName } = await readUpload(request);
      const stored = await storePhoto(storage, bytes);
      try {
        const photo = await app.db.transaction(async (tx) => {
          const gallery = await lockGallery(tx, id);
          const [row] = await tx
            .insert(galleryImages)
            .values({ galleryId: id, file: stored.file, position: await nextPhotoPosition(tx, id) })
            .returning();
          await recordAudit(tx, request, {
            action: 'upload',
            entityType: 'gallery_photo',
            entityId: row!.id,
            after: {
              gallery_id: id,
              file: stored.file,
              name: fileName,
              width: stored.width,
              height: stored.height,
            },
          });
          return (await loadPhotos(tx, id, gallery.image)).find((p) => p.id === row!.id)!;
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
    ...routeOf(contract.captionPhoto),
    handler: async (request) => {
      const { id, photoId } = request.params;
      const photo = await app.db.transaction(async (tx) => {
        const gallery = await lockGallery(tx, id);
        const before = await findPhoto(tx, id, photoId);
        await tx
          .update(galleryImages)
          .set({ captionPl: request.body.caption_pl, captionEn: request.body.caption_en })
          .where(and(eq(galleryImages.id, photoId), eq(galleryImages.galleryId, id)));
        await recordAudit(tx, request, {
          action: 'caption',
          entityType: 'gallery_photo',
          entityId: photoId,
          before: { caption_pl: before.captionPl, caption_en: before.captionEn },
          after: request.body,
        });
        return (await loadPhotos(tx, id, gallery.image)).find((p) => p.id === photoId)!;
      });
      return { success: true as const, data: photo };
    },
  });

  app.route({
    ...routeOf(contract.coverPhoto),
    handler: async (request) => {
      const { id, photoId } = request.params;
      const photos = await app.db.transaction(async (tx) => {
        const gallery = await lockGallery(tx, id);
        const photo = await findPhoto(tx, id, photoId);
        await touchGallery(tx, id, { image: photo.file });
        await recordAudit(tx, request, {
          action: 'cover',
          entityType: 'gallery',
          entityId: id,
          before: { image: gallery.image },
          after: { image: photo.file },
        });
        return loadPhotos(tx, id, photo.file);
      });
      return { success: true as const, data: photos };
    },
  });

  app.route({
    ...routeOf(contract.orderPhotos),
    handler: async (request) => {
      const { id } = request.params;
      const photos = await app.db.transaction(async (tx) => {
        const gallery = await lockGallery(tx, id);
        const before = await orderPhotos(tx, id, request.body.ids);
        await recordAudit(tx, request, {
          action: 'reorder',
          entityType: 'gallery',
          entityId: id,
          before: { photo_ids: before },
          after: { photo_ids: request.body.ids },
        });
        return loadPhotos(tx, id, gallery.image);
      });
      return { success: true as const, data: photos };
    },
  });

  app.route({
    ...routeOf(contract.removePhoto),
    handler: async (request) => {
      const { id, photoId } = request.params;
      const { photos, orphan } = await app.db.transaction(async (tx) => {
        const gallery = await lockGallery(tx, id);
        const photo = await findPhoto(tx, id, photoId);
        await tx.delete(galleryImages).where(eq(galleryImages.id, photoId));
        // The tile picture removed: the first photo left shows instead.
        let cover = gallery.image;
        if (cover === photo.file) {
          cover = null;
          await touchGallery(tx, id, { image: null });
        }
        await recordAudit(tx, request, {
          action: 'delete',
          entityType: 'gallery_photo',
          entityId: photoId,
          before: {
            gallery_id: id,
            file: photo.file,
            caption_pl: photo.captionPl,
            caption_en: photo.captionEn,
          },
        });
        return {
          photos: await loadPhotos(tx, id, cover),
          orphan: (await fileInUse(tx, photo.file)) ? null : photo.file,
        };
      });
      if (orphan) await removePhoto(storage, orphan);
      return { success: true as const, data: photos };
    },
  });
};
