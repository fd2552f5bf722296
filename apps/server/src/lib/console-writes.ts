import type { FastifyInstance } from 'fastify';
import { CHANNELS } from '../db/listener';

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
