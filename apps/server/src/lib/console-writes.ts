import type { EndpointDefinition } from '@club/shared/contract/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { CHANNELS } from '../db/listener';
import { type AuditEntry, recordAudit } from './audit';
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

/**
 * The handler of a console create: `create` inserts the row and reads it back as the page shows it;
 * the audit row keeps that reading, and the route answers it with 201.
 */
export function auditedCreate<E extends EndpointDefinition, T extends { id: number }>(
  endpoint: E,
  entityType: string,
  create: (tx: Tx, request: RequestOf<E>) => Promise<T>,
) {
  return auditedWrite(
    endpoint,
    entityType,
    async (tx, request) => {
      const after = await create(tx, request);
      return { action: 'create', entityId: after.id, after };
    },
    (_tx, audit) => audit.after,
    201,
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
