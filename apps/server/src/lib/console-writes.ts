import type { EndpointDefinition } from '@club/shared/contract/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { CHANNELS } from '../db/listener';
import { type AuditEntry, recordAudit } from './audit';
import { foundData, routeOf } from './contract';
import { pageMeta } from './page-meta';

/**
 * The console's writes (experiences, galleries, content): a change answered here is what the member's
 * next request shows, whatever the NOTIFY's timing, so this process drops its catalogue caches first.
 */
export function dropCataloguesOnWrite(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) app.dbListen.echo(CHANNELS.catalog, '');
    return payload;
  });
}

type Audit = Omit<AuditEntry, 'entityType'>;
type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;
/** The request of an endpoint's route, as its schemas parse it. */
type RequestOf<E extends EndpointDefinition> = FastifyRequest<{
  Body: Parsed<E['body']>;
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
}>;

/**
 * The handler of a console write that is one change: `change` makes it and says what to audit, the
 * audit row is recorded in the same transaction, and `answer` reads what the page shows after it (the
 * whole FAQ, the partners, the saved row). `status` 201 for a create.
 */
export function auditedWrite<E extends EndpointDefinition, A extends Audit, T>(
  _endpoint: E,
  entityType: string,
  change: (tx: Tx, request: RequestOf<E>) => Promise<A>,
  answer: (tx: Tx, audit: A) => Promise<T> | T,
  status: 200 | 201 = 200,
) {
  return async (request: RequestOf<E>, reply: FastifyReply) => {
    const data = await request.server.db.transaction(async (tx) => {
      const audit = await change(tx, request);
      await recordAudit(tx, request, { entityType, ...audit });
      return answer(tx, audit);
    });
    reply.code(status);
    return { success: true as const, data };
  };
}

/** The `:id` of a console route that acts on one row. */
const idOf = (request: { params: unknown }) => (request.params as { id: number }).id;

/**
 * The handler of a console create: `create` inserts the row and reads it back; the audit row keeps
 * that reading, and the route answers with 201 what `answer` makes of it (by default the row itself).
 */
export function auditedCreate<E extends EndpointDefinition, R extends { id: number }, T = R>(
  endpoint: E,
  entityType: string,
  create: (tx: Tx, request: RequestOf<E>) => Promise<R>,
  answer: (tx: Tx, after: R) => Promise<T> | T = (_tx, after) => after as unknown as T,
) {
  return auditedWrite(
    endpoint,
    entityType,
    async (tx, request) => {
      const after = await create(tx, request);
      return { action: 'create', entityId: after.id, after };
    },
    (tx, audit) => answer(tx, audit.after),
    201,
  );
}

/**
 * The handler of a console form's save of the row `:id`: `save` writes it (`updateVersioned`) and
 * answers the row before and after, which the audit keeps; `answer` reads what the page shows then.
 */
export function auditedSave<E extends EndpointDefinition, R, T>(
  endpoint: E,
  entityType: string,
  save: (tx: Tx, id: number, request: RequestOf<E>) => Promise<{ before: R; after: R }>,
  answer: (tx: Tx, after: R) => Promise<T> | T,
) {
  return auditedWrite(
    endpoint,
    entityType,
    async (tx, request) => {
      const id = idOf(request);
      return { action: 'update', entityId: id, ...(await save(tx, id, request)) };
    },
    (tx, audit) => answer(tx, audit.after),
  );
}

/** The handler of a console removal of the row `:id`: `remove` deletes it and answers it for the audit. */
export function auditedRemove<E extends EndpointDefinition, T>(
  endpoint: E,
  entityType: string,
  remove: (tx: Tx, id: number) => Promise<unknown>,
  answer: (tx: Tx) => Promise<T> | T,
) {
  return auditedWrite(
    endpoint,
    entityType,
    async (tx, request) => {
      const id = idOf(request);
      return { action: 'delete', entityId: id, before: await remove(tx, id) };
    },
    answer,
  );
}

/**
 * The handler of a console list's new order, the body's `ids`: `order` sets it and answers the order
 * before. The audit keeps both orders under `key`, on the row `:id` whose list it is when there is one.
 */
export function auditedReorder<E extends EndpointDefinition, T>(
  endpoint: E,
  entityType: string,
  key: string,
  order: (tx: Tx, ids: number[], request: RequestOf<E>) => Promise<number[]>,
  answer: (tx: Tx) => Promise<T> | T,
) {
  return auditedWrite(
    endpoint,
    entityType,
    async (tx, request) => {
      const { ids } = request.body as { ids: number[] };
      return {
        action: 'reorder',
        entityId: (request.params as { id?: number } | undefined)?.id,
        before: { [key]: await order(tx, ids, request) },
        after: { [key]: ids },
      };
    },
    answer,
  );
}

type PageQuery = { page: number; per_page: number };

/** The handler of a console list: one page of rows and the pagination block of DESIGN.md §4. */
export function pagedList<E extends EndpointDefinition, R>(
  _endpoint: E,
  list: (
    db: FastifyInstance['db'],
    query: Parsed<E['query']> & PageQuery,
  ) => Promise<{ rows: R[]; total: number }>,
) {
  return async (request: RequestOf<E>) => {
    const query = request.query as Parsed<E['query']> & PageQuery;
    const { rows, total } = await list(request.server.db, query);
    return { success: true as const, data: rows, meta: pageMeta(query.page, query.per_page, total) };
  };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type EditorContract = Record<'list' | 'options' | 'item' | 'create', EndpointDefinition>;

/**
 * The routes a console editor (experiences, galleries) has alike: its list a page at a time, the
 * form's options, one row as the form reads it (404 when gone), and the audited create (201) that
 * answers the new row read the same way.
 */
export function registerEditorRoutes<C extends EditorContract, R extends { id: number }>(
  app: ZodApp,
  contract: C,
  entityType: string,
  editor: {
    list: Parameters<typeof pagedList<C['list'], unknown>>[1];
    options: (db: Tx) => Promise<unknown>;
    load: (db: Tx, id: number) => Promise<R | null>;
    create: (tx: Tx, body: Parsed<C['create']['body']>) => Promise<number>;
  },
): void {
  const endpoints: EditorContract = contract;
  app.route({
    ...routeOf(endpoints.list),
    handler: pagedList<C['list'], unknown>(contract.list, editor.list),
  });
  app.route({
    ...routeOf(endpoints.options),
    handler: async () => ({ success: true as const, data: await editor.options(app.db) }),
  });
  app.route({
    ...routeOf(endpoints.item),
    handler: async (request) => foundData(await editor.load(app.db, idOf(request))),
  });
  app.route({
    ...routeOf(endpoints.create),
    handler: auditedCreate<C['create'], R>(
      contract.create,
      entityType,
      async (tx, request) =>
        (await editor.load(tx, await editor.create(tx, request.body as Parsed<C['create']['body']>)))!,
    ),
  });
}
