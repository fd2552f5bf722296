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
import {
  auditedCreate,
  auditedRemove,
  auditedReorder,
  auditedSave,
  auditedWrite,
  dropCataloguesOnWrite,
} from '../../lib/console-writes';

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
    handler: auditedCreate(
      contract.createFaqCategory,
      'faq_category',
      (tx, request) => createFaqCategory(tx, request.body),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.orderFaqCategories),
    handler: auditedReorder(contract.orderFaqCategories, 'faq_category', 'ids', orderFaqCategories, loadFaq),
  });

  app.route({
    ...routeOf(contract.saveFaqCategory),
    handler: auditedSave(
      contract.saveFaqCategory,
      'faq_category',
      (tx, id, { body }) => saveFaqCategory(tx, id, body.version, body.category),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.removeFaqCategory),
    handler: auditedRemove(contract.removeFaqCategory, 'faq_category', removeFaqCategory, loadFaq),
  });

  app.route({
    ...routeOf(contract.orderFaqQuestions),
    // The questions' order is the category's: audited on it.
    handler: auditedReorder(
      contract.orderFaqQuestions,
      'faq_category',
      'question_ids',
      (tx, ids, request) => orderFaqQuestions(tx, request.params.id, ids),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.createFaqQuestion),
    handler: auditedCreate(
      contract.createFaqQuestion,
      'faq_question',
      (tx, request) => createFaqQuestion(tx, request.body),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.saveFaqQuestion),
    handler: auditedSave(
      contract.saveFaqQuestion,
      'faq_question',
      (tx, id, { body }) => saveFaqQuestion(tx, id, body.version, body.question),
      loadFaq,
    ),
  });

  app.route({
    ...routeOf(contract.removeFaqQuestion),
    handler: auditedRemove(contract.removeFaqQuestion, 'faq_question', removeFaqQuestion, loadFaq),
  });

  /* ---- partners ---- */

  app.route({
    ...routeOf(contract.partners),
    handler: async () => ({ success: true as const, data: await loadPartners(app.db) }),
  });

  app.route({
    ...routeOf(contract.createPartner),
    handler: auditedCreate(
      contract.createPartner,
      'partner',
      (tx, request) => createPartner(tx, request.body),
      (_tx, after) => partnerOf(after),
    ),
  });

  app.route({
    ...routeOf(contract.orderPartners),
    handler: auditedReorder(contract.orderPartners, 'partner', 'ids', orderPartners, loadPartners),
  });

  app.route({
    ...routeOf(contract.savePartner),
    handler: auditedSave(
      contract.savePartner,
      'partner',
      (tx, id, { body }) => savePartner(tx, id, body.version, body.partner),
      (_tx, after) => partnerOf(after),
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
