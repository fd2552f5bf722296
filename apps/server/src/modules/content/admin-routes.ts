import { adminContentContract as contract } from '@club/shared/contract/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { removePhoto, storePhoto } from '../../lib/images';
import { mediaStorage } from '../../lib/storage';
import { readUpload, uploadsPlugin } from '../../lib/uploads';
import { fileInUse } from '../../lib/media-in-use';
import {
  createFaqCategory,
  createFaqQuestion,
  createPartner,
  loadAbout,
  loadContact,
  loadFaq,
  loadPartners,
  lockPartner,
  orderFaqCategories,
  orderFaqQuestions,
  orderPartners,
  partnerOf,
  removeFaqCategory,
  removeFaqQuestion,
  removePartner,
  saveAbout,
  saveContact,
  saveFaqCategory,
  saveFaqQuestion,
  savePartner,
  setPartnerLogo,
} from './admin-repository';
import { dropCataloguesOnWrite } from '../../lib/console-writes';

/**
 * The console's content pages (issue 16, docs/console.md): the about page, contact, the FAQ and the
 * partners. Staff only; every change is audited in its own transaction; every form save is checked
 * against the version it read (409 STALE). Members read the same tables on their next request: the
 * pages and the FAQ uncached, the partners through the catalogue cache that the triggers of migration
 * 0001 drop on commit (and this process at once, below).
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await uploadsPlugin(app);
  const storage = mediaStorage(app.config);
  dropCataloguesOnWrite(app);

  /* ---- about ---- */

  app.route({
    ...routeOf(contract.about),
    handler: async () => {
      const about = await loadAbout(app.db);
      if (!about) throw notFound();
      return { success: true as const, data: about };
    },
  });

  app.route({
    ...routeOf(contract.saveAbout),
    handler: async (request) => {
      const after = await app.db.transaction(async (tx) => {
        const change = await saveAbout(tx, request.body.version, request.body.page);
        await recordAudit(tx, request, {
          action: 'update',
          entityType: 'page',
          entityId: 'ABOUT',
          ...change,
        });
        return change.after;
      });
      return { success: true as const, data: after };
    },
  });

  /* ---- contact ---- */

  app.route({
    ...routeOf(contract.contact),
    handler: async () => {
      const data = await loadContact(app.db);
      if (!data) throw notFound();
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.saveContact),
    handler: async (request) => {
      const after = await app.db.transaction(async (tx) => {
        const change = await saveContact(tx, request.body.version, request.body.contact);
        await recordAudit(tx, request, { action: 'update', entityType: 'contact', ...change });
        return change.after;
      });
      return { success: true as const, data: after };
    },
  });

  /* ---- FAQ ---- */

  app.route({
    ...routeOf(contract.faq),
    handler: async () => ({ success: true as const, data: await loadFaq(app.db) }),
  });

  app.route({
    ...routeOf(contract.createFaqCategory),
    handler: async (request, reply) => {
      const data = await app.db.transaction(async (tx) => {
        const after = await createFaqCategory(tx, request.body);
        await recordAudit(tx, request, {
          action: 'create',
          entityType: 'faq_category',
          entityId: after.id,
          after,
        });
        return loadFaq(tx);
      });
      reply.code(201);
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.orderFaqCategories),
    handler: async (request) => {
      const data = await app.db.transaction(async (tx) => {
        const before = await orderFaqCategories(tx, request.body.ids);
        await recordAudit(tx, request, {
          action: 'reorder',
          entityType: 'faq_category',
          before: { ids: before },
          after: { ids: request.body.ids },
        });
        return loadFaq(tx);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.saveFaqCategory),
    handler: async (request) => {
      const { id } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const change = await saveFaqCategory(tx, id, request.body.version, request.body.category);
        await recordAudit(tx, request, {
          action: 'update',
          entityType: 'faq_category',
          entityId: id,
          ...change,
        });
        return loadFaq(tx);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.removeFaqCategory),
    handler: async (request) => {
      const { id } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const before = await removeFaqCategory(tx, id);
        await recordAudit(tx, request, {
          action: 'delete',
          entityType: 'faq_category',
          entityId: id,
          before,
        });
        return loadFaq(tx);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.orderFaqQuestions),
    handler: async (request) => {
      const { id } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const before = await orderFaqQuestions(tx, id, request.body.ids);
        await recordAudit(tx, request, {
          action: 'reorder',
          entityType: 'faq_category',
          entityId: id,
          before: { question_ids: before },
          after: { question_ids: request.body.ids },
        });
        return loadFaq(tx);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.createFaqQuestion),
    handler: async (request, reply) => {
      const data = await app.db.transaction(async (tx) => {
        const after = await createFaqQuestion(tx, request.body);
        await recordAudit(tx, request, {
          action: 'create',
          entityType: 'faq_question',
          entityId: after.id,
          after,
        });
        return loadFaq(tx);
      });
      reply.code(201);
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.saveFaqQuestion),
    handler: async (request) => {
      const { id } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const change = await saveFaqQuestion(tx, id, request.body.version, request.body.question);
        await recordAudit(tx, request, {
          action: 'update',
          entityType: 'faq_question',
          entityId: id,
          ...change,
        });
        return loadFaq(tx);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.removeFaqQuestion),
    handler: async (request) => {
      const { id } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const before = await removeFaqQuestion(tx, id);
        await recordAudit(tx, request, {
          action: 'delete',
          entityType: 'faq_question',
          entityId: id,
          before,
        });
        return loadFaq(tx);
      });
      return { success: true as const, data };
    },
  });

  /* ---- partners ---- */

  app.route({
    ...routeOf(contract.partners),
    handler: async () => ({ success: true as const, data: await loadPartners(app.db) }),
  });

  app.route({
    ...routeOf(contract.createPartner),
    handler: async (request, reply) => {
      const data = await app.db.transaction(async (tx) => {
        const after = await createPartner(tx, request.body);
        await recordAudit(tx, request, {
          action: 'create',
          entityType: 'partner',
          entityId: after.id,
          after,
        });
        return partnerOf(after);
      });
      reply.code(201);
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.orderPartners),
    handler: async (request) => {
      const data = await app.db.transaction(async (tx) => {
        const before = await orderPartners(tx, request.body.ids);
        await recordAudit(tx, request, {
          action: 'reorder',
          entityType: 'partner',
          before: { ids: before },
          after: { ids: request.body.ids },
        });
        return loadPartners(tx);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.savePartner),
    handler: async (request) => {
      const { id } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const change = await savePartner(tx, id, request.body.version, request.body.partner);
        await recordAudit(tx, request, { action: 'update', entityType: 'partner', entityId: id, ...change });
        return partnerOf(change.after);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.uploadPartnerLogo),
    handler: async (request) => {
      const { id } = request.params;
      // The partner first: nothing is processed or stored for one that does not exist.
      await lockPartner(app.db, id);
      const { bytes, fileName } = await readUpload(request);
      const stored = await storePhoto(storage, bytes);
      try {
        const { data, old } = await app.db.transaction(async (tx) => {
          const change = await setPartnerLogo(tx, id, stored.file);
          await recordAudit(tx, request, {
            action: 'logo',
            entityType: 'partner',
            entityId: id,
            before: { image: change.before.image },
            after: { image: stored.file, name: fileName, width: stored.width, height: stored.height },
          });
          const previous = change.before.image;
          return {
            data: partnerOf(change.after),
            old: previous && !(await fileInUse(tx, previous)) ? previous : null,
          };
        });
        if (old) await removePhoto(storage, old);
        return { success: true as const, data };
      } catch (error) {
        await removePhoto(storage, stored.file);
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(contract.removePartner),
    handler: async (request) => {
      const { id } = request.params;
      const { data, orphan } = await app.db.transaction(async (tx) => {
        const before = await removePartner(tx, id);
        await recordAudit(tx, request, { action: 'delete', entityType: 'partner', entityId: id, before });
        return {
          data: await loadPartners(tx),
          orphan: before.image && !(await fileInUse(tx, before.image)) ? before.image : null,
        };
      });
      if (orphan) await removePhoto(storage, orphan);
      return { success: true as const, data };
    },
  });
};
