import { adminCatalogContract as contract } from '@club/shared/contract/admin-catalog';
import { PUBLISHED_OF } from '@club/shared/schemas/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { removePhoto, storePhoto } from '../../lib/images';
import { mediaStorage } from '../../lib/storage';
import { readUpload, uploadsPlugin } from '../../lib/uploads';
import { translate } from '../../i18n';
import { productImages } from '../../db/schema';
import { and, eq, sql } from 'drizzle-orm';
import {
  catalogOptions,
  createProduct,
  duplicateProduct,
  fileInUse,
  findPhoto,
  listAdminProducts,
  loadAdminProduct,
  loadPhotos,
  lockProduct,
  orderPhotos,
  setState,
  touchProduct,
  updateProduct,
} from './admin-repository';
import { pageMeta } from '../../lib/page-meta';
import { dropCataloguesOnWrite } from '../../lib/console-writes';

/**
 * The console's experiences and photos (issue 16, docs/console.md): staff only, every change
 * audited in its own transaction, every save of the form checked against the version it read.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await uploadsPlugin(app);
  const storage = mediaStorage(app.config);
  dropCataloguesOnWrite(app);

  const load = async (id: number) => {
    const product = await loadAdminProduct(app.db, id);
    if (!product) throw notFound();
    return product;
  };

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => {
      const { rows, total } = await listAdminProducts(app.db, request.query);
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
    handler: async () => ({ success: true as const, data: await catalogOptions(app.db) }),
  });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => ({ success: true as const, data: await load(request.params.id) }),
  });

  app.route({
    ...routeOf(contract.create),
    handler: async (request, reply) => {
      const product = await app.db.transaction(async (tx) => {
        const id = await createProduct(tx, request.body);
        const after = await loadAdminProduct(tx, id);
        await recordAudit(tx, request, { action: 'create', entityType: 'product', entityId: id, after });
        return after!;
      });
      reply.code(201);
      return { success: true as const, data: product };
    },
  });

  app.route({
    ...routeOf(contract.update),
    handler: async (request) => {
      const { id } = request.params;
      const product = await app.db.transaction(async (tx) => {
        const before = await loadAdminProduct(tx, id);
        if (!before) throw notFound();
        await updateProduct(tx, id, request.body.version, request.body.product);
        const after = await loadAdminProduct(tx, id);
        await recordAudit(tx, request, {
          action: 'update',
          entityType: 'product',
          entityId: id,
          before,
          after,
        });
        return after!;
      });
      return { success: true as const, data: product };
    },
  });

  app.route({
    ...routeOf(contract.duplicate),
    handler: async (request, reply) => {
      const product = await app.db.transaction(async (tx) => {
        const suffix = {
          pl: translate('pl', 'catalog.copySuffix'),
          en: translate('en', 'catalog.copySuffix'),
        };
        const id = await duplicateProduct(tx, request.params.id, suffix);
        const after = await loadAdminProduct(tx, id);
        await recordAudit(tx, request, {
          action: 'duplicate',
          entityType: 'product',
          entityId: id,
          before: { source_id: request.params.id },
          after,
        });
        return after!;
      });
      reply.code(201);
      return { success: true as const, data: product };
    },
  });

  const stateRoutes = [
    {
      endpoint: contract.publish,
      action: 'publish',
      state: (body: { mode?: 'on_sale' | 'announced' }) => ({
        published: PUBLISHED_OF[body.mode ?? 'on_sale'],
        archived: false,
      }),
    },
    {
      endpoint: contract.unpublish,
      action: 'unpublish',
      state: () => ({ published: PUBLISHED_OF.draft, archived: false }),
    },
    {
      endpoint: contract.archive,
      action: 'archive',
      state: () => ({ published: PUBLISHED_OF.draft, archived: true }),
    },
  ] as const;
  for (const { endpoint, action, state } of stateRoutes) {
    app.route({
      ...routeOf(endpoint),
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const body = request.body as { version: number; mode?: 'on_sale' | 'announced' };
        const product = await app.db.transaction(async (tx) => {
          const before = await loadAdminProduct(tx, id);
          if (!before) throw notFound();
          await setState(tx, id, body.version, state(body));
          const after = await loadAdminProduct(tx, id);
          await recordAudit(tx, request, {
            action,
            entityType: 'product',
            entityId: id,
            before: { status: before.status, published: before.published, version: before.version },
            after: { status: after!.status, published: after!.published, version: after!.version },
          });
          return after!;
        });
        return { success: true as const, data: product };
      },
    });
  }

  /* ---- photos ---- */

  app.route({
    ...routeOf(contract.uploadPhoto),
    handler: async (request, reply) => {
      const { id } = request.params;
      // The product first: nothing is processed or stored for one that does not exist.
      if (!(await loadAdminProduct(app.db, id))) throw notFound();
      const { bytes, fileName } = await readUpload(request);
      const stored = await storePhoto(storage, bytes);
      try {
        const photo = await app.db.transaction(async (tx) => {
          const product = await lockProduct(tx, id);
          const [{ next }] = (await tx
            .select({ next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` })
            .from(productImages)
            .where(eq(productImages.productId, id))) as [{ next: number }];
          const [row] = await tx
            .insert(productImages)
            .values({ productId: id, file: stored.file, position: Number(next) })
            .returning();
          // The first photo of an experience without a picture becomes its cover.
          if (!product.image) await touchProduct(tx, id, { image: stored.file, imageMobile: null });
          else await touchProduct(tx, id);
          await recordAudit(tx, request, {
            action: 'upload',
            entityType: 'photo',
            entityId: row!.id,
            after: {
              product_id: id,
              file: stored.file,
              name: fileName,
              width: stored.width,
              height: stored.height,
            },
          });
          return (await loadPhotos(tx, id, product.image ?? stored.file)).find((p) => p.id === row!.id)!;
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
        const product = await lockProduct(tx, id);
        const before = await findPhoto(tx, id, photoId);
        await tx
          .update(productImages)
          .set({ captionPl: request.body.caption_pl, captionEn: request.body.caption_en })
          .where(and(eq(productImages.id, photoId), eq(productImages.productId, id)));
        await touchProduct(tx, id);
        await recordAudit(tx, request, {
          action: 'caption',
          entityType: 'photo',
          entityId: photoId,
          before: { caption_pl: before.captionPl, caption_en: before.captionEn },
          after: request.body,
        });
        return (await loadPhotos(tx, id, product.image)).find((p) => p.id === photoId)!;
      });
      return { success: true as const, data: photo };
    },
  });

  app.route({
    ...routeOf(contract.coverPhoto),
    handler: async (request) => {
      const { id, photoId } = request.params;
      const photos = await app.db.transaction(async (tx) => {
        const product = await lockProduct(tx, id);
        const photo = await findPhoto(tx, id, photoId);
        await touchProduct(tx, id, { image: photo.file, imageMobile: null });
        await recordAudit(tx, request, {
          action: 'cover',
          entityType: 'product',
          entityId: id,
          before: { image: product.image, image_mobile: product.imageMobile },
          after: { image: photo.file, image_mobile: null },
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
        const product = await lockProduct(tx, id);
        const before = (await loadPhotos(tx, id, product.image)).map((p) => p.id);
        await orderPhotos(tx, id, request.body.ids);
        await touchProduct(tx, id);
        await recordAudit(tx, request, {
          action: 'reorder',
          entityType: 'product',
          entityId: id,
          before: { photo_ids: before },
          after: { photo_ids: request.body.ids },
        });
        return loadPhotos(tx, id, product.image);
      });
      return { success: true as const, data: photos };
    },
  });

  app.route({
    ...routeOf(contract.removePhoto),
    handler: async (request) => {
      const { id, photoId } = request.params;
      const { photos, orphan } = await app.db.transaction(async (tx) => {
        const product = await lockProduct(tx, id);
        const photo = await findPhoto(tx, id, photoId);
        await tx.delete(productImages).where(eq(productImages.id, photoId));
        let cover = product.image;
        if (product.image === photo.file) {
          // The next photo becomes the cover; without one the experience has no picture.
          const [next] = await tx
            .select({ file: productImages.file })
            .from(productImages)
            .where(eq(productImages.productId, id))
            .orderBy(productImages.position, productImages.id)
            .limit(1);
          cover = next?.file ?? null;
          await touchProduct(tx, id, { image: cover, imageMobile: null });
        } else await touchProduct(tx, id);
        await recordAudit(tx, request, {
          action: 'delete',
          entityType: 'photo',
          entityId: photoId,
          before: {
            product_id: id,
            file: photo.file,
            caption_pl: photo.captionPl,
            caption_en: photo.captionEn,
          },
        });
        return {
          photos: await loadPhotos(tx, id, cover),
          orphan: (await fileInUse(tx, photo.file, photoId)) ? null : photo.file,
        };
      });
      if (orphan) await removePhoto(storage, orphan);
      return { success: true as const, data: photos };
    },
  });
};
