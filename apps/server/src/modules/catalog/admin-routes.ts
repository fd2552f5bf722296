import { adminCatalogContract as contract } from '@club/shared/contract/admin-catalog';
import { PUBLISHED_OF } from '@club/shared/schemas/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { mediaStorage } from '../../lib/storage';
import { uploadsPlugin } from '../../lib/uploads';
import { registerPhotoRoutes } from '../../lib/photo-album';
import { translate } from '../../i18n';
import {
  cartsHolding,
  catalogOptions,
  createProduct,
  duplicateProduct,
  listAdminProducts,
  loadAdminProduct,
  setState,
  updateProduct,
  experiencePhotos,
} from './admin-repository';
import { offerFreeSeats } from './seat-offers';
import { auditedWrite, dropCataloguesOnWrite, registerEditorRoutes } from '../../lib/console-writes';

/**
 * The console's experiences and photos (issue 16, docs/console.md): staff only, every change
 * audited in its own transaction, every save of the form checked against the version it read.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await uploadsPlugin(app);
  const storage = mediaStorage(app.config);
  dropCataloguesOnWrite(app);

  registerEditorRoutes(app, contract, 'product', {
    list: listAdminProducts,
    options: catalogOptions,
    load: loadAdminProduct,
    create: createProduct,
  });

  app.route({
    ...routeOf(contract.carts),
    handler: async (request) => {
      const carts = await cartsHolding(app.db, request.params.id);
      if (carts === null) throw notFound();
      return { success: true as const, data: { carts } };
    },
  });

  app.route({
    ...routeOf(contract.update),
    // The held seats' mails, when the capacity was raised (queued in the write's transaction).
    onResponse: async () => app.mailer.flushInBackground(app.db),
    handler: auditedWrite(
      contract.update,
      'product',
      async (tx, request) => {
        const { id } = request.params;
        const before = await loadAdminProduct(tx, id);
        if (!before) throw notFound();
        await updateProduct(tx, id, request.body.version, request.body.product);
        // Seats given (capacity raised): held for the waiting list under the lock updateProduct took.
        await offerFreeSeats(tx, app, id);
        return { action: 'update', entityId: id, before, after: (await loadAdminProduct(tx, id))! };
      },
      (_tx, audit) => audit.after,
    ),
  });

  app.route({
    ...routeOf(contract.duplicate),
    handler: auditedWrite(
      contract.duplicate,
      'product',
      async (tx, request) => {
        const suffix = {
          pl: translate('pl', 'catalog.copySuffix'),
          en: translate('en', 'catalog.copySuffix'),
        };
        const id = await duplicateProduct(tx, request.params.id, suffix);
        return {
          action: 'duplicate',
          entityId: id,
          before: { source_id: request.params.id },
          after: (await loadAdminProduct(tx, id))!,
        };
      },
      (_tx, audit) => audit.after,
      201,
    ),
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

  registerPhotoRoutes(app, experiencePhotos, storage, {
    upload: contract.uploadPhoto,
    caption: contract.captionPhoto,
    cover: contract.coverPhoto,
    order: contract.orderPhotos,
    remove: contract.removePhoto,
  });
};
