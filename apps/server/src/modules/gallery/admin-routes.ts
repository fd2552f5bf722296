import { adminGalleriesContract as contract } from '@club/shared/contract/admin-galleries';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { galleries } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { removePhoto } from '../../lib/images';
import { mediaStorage } from '../../lib/storage';
import { uploadsPlugin } from '../../lib/uploads';
import { registerPhotoRoutes } from '../../lib/photo-album';
import {
  createGallery,
  galleryOptions,
  listAdminGalleries,
  loadAdminGallery,
  lockGallery,
  updateGallery,
  galleryPhotos,
} from './admin-repository';
import { unusedFiles } from '../../lib/media-in-use';
import { auditedWrite, dropCataloguesOnWrite, registerEditorRoutes } from '../../lib/console-writes';
import { requireAuth } from '../../plugins/session';
import { lockGalleryPhoto, memberByEmailOrCard, photoPeople, tagPhoto, untagPhoto } from './photo-people';

/**
 * The console's galleries (issue 16, docs/console.md): create, edit, upload many photos (one request
 * each, run in parallel by the page), caption, order, choose the tile picture, link to an experience.
 * Staff only; every change audited in its own transaction; the form's saves are version-checked.
 */
export const galleryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await uploadsPlugin(app);
  const storage = mediaStorage(app.config);
  dropCataloguesOnWrite(app);

  registerEditorRoutes(app, contract, 'gallery', {
    list: listAdminGalleries,
    options: galleryOptions,
    load: loadAdminGallery,
    create: createGallery,
  });

  app.route({
    ...routeOf(contract.update),
    handler: auditedWrite(
      contract.update,
      'gallery',
      async (tx, request) => {
        const { id } = request.params;
        const before = await loadAdminGallery(tx, id);
        if (!before) throw notFound();
        await updateGallery(tx, id, request.body.version, request.body.gallery);
        const after = (await loadAdminGallery(tx, id))!;
        // The photos have their own audit rows; the form's save records the gallery's own fields.
        return {
          action: 'update',
          entityId: id,
          before: { ...before, photos: undefined },
          after: { ...after, photos: undefined },
          gallery: after,
        };
      },
      (_tx, { gallery }) => gallery,
    ),
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
        return unusedFiles(
          tx,
          before!.photos.map((p) => p.file),
        );
      });
      for (const file of orphans) await removePhoto(storage, file);
      return { success: true as const };
    },
  });

  // Who a photo shows (issue 31): the member's removal deletes the photos tagged with them.
  app.route({
    ...routeOf(contract.photoPeople),
    handler: async (request) => {
      const { id, photoId } = request.params;
      const people = await app.db.transaction(async (tx) => {
        await lockGalleryPhoto(tx, id, photoId);
        return photoPeople(tx, photoId);
      });
      return { success: true as const, data: people };
    },
  });

  app.route({
    ...routeOf(contract.tagPhotoPerson),
    handler: async (request) => {
      const { id, photoId } = request.params;
      const { user } = requireAuth(request);
      const people = await app.db.transaction(async (tx) => {
        const userId = await memberByEmailOrCard(tx, request.body.member);
        await lockGalleryPhoto(tx, id, photoId);
        // The account's id, never the person's name: the audit row outlives the account.
        if (await tagPhoto(tx, photoId, userId, user.id))
          await recordAudit(tx, request, {
            action: 'tag-person',
            entityType: 'gallery_photo',
            entityId: photoId,
            after: { gallery_id: id, user_id: userId },
          });
        return photoPeople(tx, photoId);
      });
      return { success: true as const, data: people };
    },
  });

  app.route({
    ...routeOf(contract.untagPhotoPerson),
    handler: async (request) => {
      const { id, photoId, userId } = request.params;
      const people = await app.db.transaction(async (tx) => {
        await lockGalleryPhoto(tx, id, photoId);
        await untagPhoto(tx, photoId, userId);
        await recordAudit(tx, request, {
          action: 'untag-person',
          entityType: 'gallery_photo',
          entityId: photoId,
          before: { gallery_id: id, user_id: userId },
        });
        return photoPeople(tx, photoId);
      });
      return { success: true as const, data: people };
    },
  });

  registerPhotoRoutes(app, galleryPhotos, storage, {
    upload: contract.uploadPhoto,
    caption: contract.captionPhoto,
    cover: contract.coverPhoto,
    order: contract.orderPhotos,
    remove: contract.removePhoto,
  });
};
