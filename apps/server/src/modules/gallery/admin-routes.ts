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
import { fileInUse } from '../../lib/media-in-use';
import { auditedWrite, dropCataloguesOnWrite, registerEditorRoutes } from '../../lib/console-writes';

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
        const files = [...new Set(before!.photos.map((p) => p.file))];
        const unused: string[] = [];
        for (const file of files) if (!(await fileInUse(tx, file))) unused.push(file);
        return unused;
      });
      for (const file of orphans) await removePhoto(storage, file);
      return { success: true as const };
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
