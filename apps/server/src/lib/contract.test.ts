import { defineEndpoint, ok } from '@club/shared/contract/define';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkResponsesAgainstContract, contractSerializerCompiler, routeOf } from './contract';

const endpoint = defineEndpoint({
  method: 'GET',
  path: '/thing/:id',
  summary: 'A thing',
  access: 'public',
  params: z.object({ id: z.coerce.number().int() }),
  responses: { 200: ok(z.strictObject({ id: z.number().int(), note: z.string().nullable() })) },
});

/** An app with one route whose handler answers what the test gives it. */
async function appAnswering(answer: (id: number) => unknown, { check }: { check: boolean }) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  if (check) checkResponsesAgainstContract(app);
  const { method, url, schema, config } = routeOf(endpoint);
  app.route({
    method,
    url,
    schema,
    config,
    handler: async (request) => answer((request.params as { id: number }).id) as never,
  });
  app.route({
    method: 'GET',
    url: '/raw',
    config: { contract: endpoint },
    handler: async (_request, reply) =>
      reply.type('application/json').send(Buffer.from('{"success":true,"data":{"id":"7","note":null}}')),
  });
  await app.ready();
  return app;
}

describe('routes from the contract', () => {
  it('serialise by the schema: a field the contract does not declare never leaves', async () => {
    const app = await appAnswering((id) => ({ success: true, data: { id, note: null, password: 'x' } }), {
      check: false,
    });
    const response = await app.inject('/thing/5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { id: 5, note: null } });
  });

  it('with the check on, an undeclared field fails the request instead', async () => {
    const app = await appAnswering((id) => ({ success: true, data: { id, note: 'a', password: 'x' } }), {
      check: true,
    });
    const response = await app.inject('/thing/5');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('"x"');
  });

  it('with the check on, a wrong type fails too (JSON Schema would coerce it in silence)', async () => {
    const app = await appAnswering(() => ({ success: true, data: { id: '5', note: null } }), {
      check: true,
    });
    expect((await app.inject('/thing/5')).statusCode).toBe(500);
  });

  it('with the check on, bytes encoded by hand are read against the schema', async () => {
    const app = await appAnswering((id) => ({ success: true, data: { id, note: null } }), { check: true });
    expect((await app.inject('/thing/5')).statusCode).toBe(200);
    expect((await app.inject('/raw')).statusCode).toBe(500);
  });

  it('declare only the schema parts the endpoint has, with its access rule', () => {
    const route = routeOf(endpoint);
    expect(Object.keys(route.schema).sort()).toEqual(['params', 'response']);
    expect(route.config).toMatchObject({ access: 'public', passwordCheck: false, csrf: false });
  });
});
