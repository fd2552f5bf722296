/**
 * Routes registered from the shared contract (packages/shared/src/contract, decision 0008).
 *
 * `routeOf(endpoint)` gives Fastify the endpoint's method, path, schemas and access rule, so a route
 * file only adds its handler: `app.route({ ...routeOf(cartContract.items), handler })`. Responses are
 * serialised by their declared schema (fast-json-stringify from the zod's JSON Schema): a field the
 * contract does not declare never leaves. With CHECK_CONTRACT on (the API and browser tests), every
 * answer, the hand-encoded catalogue bytes included, is also read against its zod schema in strict
 * mode, so an undeclared or mistyped field fails the test that caused it.
 */
import { type EndpointDefinition, ZErrorEnvelope } from '@club/shared/contract/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { notFound } from './app-error';

type SchemaOf<E extends EndpointDefinition> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
};

/** The route options an endpoint implies; the route adds its handler (and any extra config). */
export function routeOf<const E extends EndpointDefinition>(endpoint: E) {
  return {
    method: endpoint.method,
    url: endpoint.path,
    // Only the parts the endpoint has: Fastify warns of a schema key whose value is undefined.
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: endpoint.responses,
    } as SchemaOf<E>,
    config: {
      access: endpoint.access,
      passwordCheck: endpoint.passwordCheck ?? false,
      csrf: endpoint.csrf ?? false,
      contract: endpoint as EndpointDefinition,
    },
  };
}

/** JSON Schema of a response as fast-json-stringify reads it (draft 7, nullable as a type list). */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return simplify(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }),
  ) as Record<string, unknown>;
}

/** `anyOf: [{type: X}, {type: 'null'}]` → `type: [X, 'null']`: fast-json-stringify needs no validator then. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (
    anyOf?.length === 2 &&
    anyOf.some((s) => s.type === 'null' && Object.keys(s).length === 1) &&
    anyOf.every((s) => typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array' && !s.enum)
  ) {
    const other = anyOf.find((s) => s.type !== 'null') as Record<string, unknown>;
    delete out.anyOf;
    return { ...out, ...other, type: [other.type, 'null'] };
  }
  return out;
}

/** The serializer compiler: by schema, and never JSON Schema's coercion of a wrong type in silence. */
export function contractSerializerCompiler({ schema }: { schema: unknown }) {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  return fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
}

/** The success envelope of a read that must find its row: 404 NOT_FOUND when it found none. */
export function foundData<T>(data: T | null | undefined): { success: true; data: T } {
  if (data === null || data === undefined) throw notFound();
  return { success: true, data };
}

/**
 * Sends JSON encoded before the request (a document made once, a cached catalogue's bytes). It
 * passes by the serializer by schema, so the compiler cannot check it against the contract's type:
 * with CHECK_CONTRACT on, `onSend` reads it back against the schema instead. The one place that
 * steps past the route's typed reply.
 */
export function sendEncodedJson(
  reply: FastifyReply,
  body: string | Buffer | readonly Buffer[],
): FastifyReply {
  const encoded = typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.concat(body);
  return reply.type('application/json; charset=utf-8').send(encoded as never);
}

export class ContractViolation extends Error {}

function check(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  contract: EndpointDefinition,
): void {
  const status = reply.statusCode as keyof EndpointDefinition['responses'];
  const schema = reply.statusCode >= 400 ? ZErrorEnvelope : contract.responses[status];
  if (!schema) {
    throw new ContractViolation(
      `${request.method} ${contract.path} answered ${reply.statusCode}, which its contract does not declare`,
    );
  }
  const result = schema.safeParse(payload);
  if (!result.success) {
    throw new ContractViolation(
      `${request.method} ${contract.path} (${reply.statusCode}) does not match its contract: ${z.prettifyError(result.error)}`,
    );
  }
}

/**
 * The strict reading of every answer against the contract (tests only: it costs a zod parse per
 * response). A violation is logged and fails the request with a 500 the test sees.
 */
export function checkResponsesAgainstContract(app: FastifyInstance): void {
  const checked = new WeakSet<FastifyRequest>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract || contract.produces) return payload;
    checked.add(request);
    check(request, reply, payload, contract);
    return payload;
  });
  // What did not pass the serializer: bytes encoded by hand (the catalogue) and errors sent as text.
  app.addHook('onSend', async (request, reply, payload) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract || contract.produces || checked.has(request)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    check(request, reply, JSON.parse(payload.toString()), contract);
    return payload;
  });
}
