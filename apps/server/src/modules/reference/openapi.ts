/**
 * The OpenAPI 3.1 document of the API, generated from the shared contract as the app registered it
 * (so routes that exist only in tests are absent from a production document). Integrators and the
 * operator console read it at /panel/api/v1/openapi.json; the reference page renders it.
 */
import { type EndpointDefinition, ZErrorEnvelope } from '@club/shared/contract/define';
import { z } from 'zod';
import type { RouteInfo } from '../../types';

export const API_PREFIX = '/panel/api/v1';

type JsonSchema = Record<string, unknown>;

/**
 * A query schema written as `z.preprocess(flatten, object)` is documented by its object: the
 * preprocessing only accepts a second spelling of the same keys.
 */
function documented(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; in?: z.ZodType; out?: z.ZodType } } })._zod
    .def;
  if (def.type === 'pipe' && def.in && def.out) {
    const inner = (def.in as unknown as { _zod: { def: { type: string } } })._zod.def;
    if (inner.type === 'transform') return documented(def.out);
  }
  return schema;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(documented(schema), {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** Path and query parameters from an object schema's properties. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const ACCESS_TEXT: Record<EndpointDefinition['access'], string> = {
  public: 'Anyone.',
  account: 'Any signed-in account, staff included.',
  user: 'Members and dealers (CUSTOMER, DEALER).',
  customer: 'Club members (CUSTOMER).',
  dealer: 'Dealers (DEALER).',
  staff: "The club's staff (OPERATOR, ADMIN).",
  admin: 'Administrators (ADMIN).',
};

/**
 * The group an operation is listed under: the path's first word, and for the console's calls the
 * first two (admin/catalog, admin/sales, admin/mail…): groups a reader can scan. With all the console's
 * calls in one "admin" group (67 operations) Swagger UI drew the first two groups and no more.
 */
function tagOf(path: string): string {
  const [first = 'api', second] = path.split('/').filter(Boolean);
  return first === 'admin' && second ? `admin/${second}` : first;
}

function operation(endpoint: EndpointDefinition): JsonSchema {
  const safe = endpoint.method === 'GET' && !endpoint.csrf;
  const notes = [
    `Who: ${ACCESS_TEXT[endpoint.access]}`,
    endpoint.access !== 'public' && !safe ? "Needs the session's CSRF token in `X-Csrf-Token`." : '',
    endpoint.passwordCheck ? 'Needs a recent `auth/check-password` in this session.' : '',
  ].filter(Boolean);
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    if (!schema) continue;
    responses[status] = {
      description: status === '200' ? 'Success' : `Status ${status}`,
      content: { [endpoint.produces ?? 'application/json']: { schema: jsonSchema(schema, 'output') } },
    };
  }
  responses['4XX'] = {
    description: "A failure, in the caller's language: the error envelope",
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
  return {
    operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ''))}`,
    summary: endpoint.summary,
    description: notes.join(' '),
    tags: [tagOf(endpoint.path)],
    'x-access': endpoint.access,
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The document of every route registered from the contract. */
export function openApiDocument(routes: RouteInfo[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const endpoint = route.contract;
    if (!endpoint) continue;
    const path = `${API_PREFIX}${endpoint.path}`.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Excellence Club panel API',
      version,
      description:
        "The API of the members' panel (SPEC.md §7), generated from the typed contract in " +
        '`packages/shared/src/contract`. Every call answers the envelope `{ success, data, meta? }`; ' +
        'failures `{ success: false, code, message, errors? }` in the language of the session ' +
        '(or of `Accept-Language`). Sign in with `POST /panel/api/v1/auth/login`: the session is a cookie.',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'club_session' },
      },
      schemas: { ErrorEnvelope: jsonSchema(ZErrorEnvelope, 'output') },
    },
    paths,
  };
}
