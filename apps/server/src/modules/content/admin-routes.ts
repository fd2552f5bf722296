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
import { auditedWrite, dropCataloguesOnWrite } from '../../lib/console-writes';

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
    handler: auditedWrite(
      contract.saveAbout,
      'page',
      async (tx, request) => ({
        action: 'update',
        entityId: 'ABOUT',
        ...(await saveAbout(tx, request.body.version, request.body.page)),
      }),
      (_tx, audit) => audit.after,
    ),
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
    handler: auditedWrite(
      contract.saveContact,
      'contact',
      async (tx, request) => ({
        action: 'update',
        ...(await saveContact(tx, request.body.version, request.body.contact)),
      }),
      (_tx, audit) => audit.after,
    ),
  });

  /* ---- FAQ: every write answers the whole FAQ as the page shows it ---- */

  app.route({
    ...routeOf(contract.faq),
    handler: async () => ({ success: true as const, data: await loadFaq(app.db) }),
  });

  app.route({
    ...routeOf(contract.createFaqCategory),
    handler: auditedWrite(
      contract.createFaqCategory,
      'faq_category',
      async (tx, request) => {
        const after = await createFaqCategory(tx, request.body);
        return { action: 'create', entityId: after.id, after };
      },
      loadFaq,
      201,
    ),
  });

  app.route({
    ...routeOf(contract.orderFaqCategories),
    handler: auditedWrite(
      contract.orderFaqCategories,
      'faq_category',
      async (tx, request) => ({
        action: 'reorder',
        before: { ids: await orderFaqCategories(tx, request.body.ids) },
        after: { ids: request.body.ids },
      }),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.saveFaqCategory),
    handler: auditedWrite(
      contract.saveFaqCategory,
      'faq_category',
      async (tx, request) => ({
        action: 'update',
        entityId: request.params.id,
        ...(await saveFaqCategory(tx, request.params.id, request.body.version, request.body.category)),
      }),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.removeFaqCategory),
    handler: auditedWrite(
      contract.removeFaqCategory,
      'faq_category',
      async (tx, request) => ({
        action: 'delete',
        entityId: request.params.id,
        before: await removeFaqCategory(tx, request.params.id),
      }),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.orderFaqQuestions),
    handler: auditedWrite(
      contract.orderFaqQuestions,
      'faq_category',
      async (tx, request) => ({
        action: 'reorder',
        entityId: request.params.id,
        before: { question_ids: await orderFaqQuestions(tx, request.params.id, request.body.ids) },
        after: { question_ids: request.body.ids },
      }),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.createFaqQuestion),
    handler: auditedWrite(
      contract.createFaqQuestion,
      'faq_question',
      async (tx, request) => {
        const after = await createFaqQuestion(tx, request.body);
        return { action: 'create', entityId: after.id, after };
      },
      loadFaq,
      201,
    ),
  });

  app.route({
    ...routeOf(contract.saveFaqQuestion),
    handler: auditedWrite(
      contract.saveFaqQuestion,
      'faq_question',
      async (tx, request) => ({
        action: 'update',
        entityId: request.params.id,
        ...(await saveFaqQuestion(tx, request.params.id, request.body.version, request.body.question)),
      }),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.removeFaqQuestion),
    handler: auditedWrite(
      contract.removeFaqQuestion,
      'faq_question',
      async (tx, request) => ({
        action: 'delete',
        entityId: request.params.id,
        before: await removeFaqQuestion(tx, request.params.id),
      }),
      loadFaq,
    ),
  });

  /* ---- partners ---- */

  app.route({
    ...routeOf(contract.partners),
    handler: async () => ({ success: true as const, data: await loadPartners(app.db) }),
  });

  app.route({
    ...routeOf(contract.createPartner),
    handler: auditedWrite(
      contract.createPartner,
      'partner',
      async (tx, request) => {
        const after = await createPartner(tx, request.body);
        return { action: 'create', entityId: after.id, after };
      },
      (_tx, audit) => partnerOf(audit.after),
      201,
    ),
  });

  app.route({
    ...routeOf(contract.orderPartners),
    handler: auditedWrite(
      contract.orderPartners,
      'partner',
      async (tx, request) => ({
        action: 'reorder',
        before: { ids: await orderPartners(tx, request.body.ids) },
        after: { ids: request.body.ids },
      }),
      loadPartners,
    ),
  });

  app.route({
    ...routeOf(contract.savePartner),
    handler: auditedWrite(
      contract.savePartner,
      'partner',
      async (tx, request) => ({
        action: 'update',
        entityId: request.params.id,
        ...(await savePartner(tx, request.params.id, request.body.version, request.body.partner)),
      }),
      (_tx, audit) => partnerOf(audit.after),
    ),
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
