/**
 * The typed contract between the panel and its API (docs/decisions/0008-typed-contract.md).
 *
 * Each domain declares its endpoints once, in `contract/<domain>.ts`, with `defineEndpoint`: method,
 * path, who may call it, params, query, body and the response of each status, as zod. The server
 * registers its routes from these objects (`apps/server/src/lib/contract.ts`: validation, response
 * serialisation by schema, the access rule), the web app derives its fetchers and query keys from them
 * (`apps/web/src/lib/endpoint.ts`), and the OpenAPI document is generated from them.
 */
import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone ('public'), any signed-in account, staff included ('account': the
 * session, the language, the password), a member or a dealer ('user'), a club member ('customer'), a
 * dealer ('dealer'), the club's staff ('staff': operators and administrators) or an administrator
 * only ('admin'). Members' and dealers' endpoints refuse staff (403); the console refuses members and
 * dealers (apps/server/src/plugins/session.ts `mayCall`, docs/console.md).
 */
export type EndpointAccess = 'public' | 'account' | 'user' | 'customer' | 'dealer' | 'staff' | 'admin';

export type EndpointDefinition = {
  method: HttpMethod;
  /** Fastify's form, `/sales/cart/update/:id`; OpenAPI gets `{id}`. */
  path: string;
  /** One line for the reference: what the call does. */
  summary: string;
  access: EndpointAccess;
  /** Dealer calls behind the password re-entry of SPEC.md's customer list. */
  passwordCheck?: boolean;
  /** A GET that changes state still demands the CSRF header (SPEC.md's users/update-language). */
  csrf?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The response of each success status; failures share the error envelope (`ZErrorEnvelope`). */
  responses: Partial<Record<200 | 201 | 202 | 204 | 302, z.ZodType>>;
  /** The body is not JSON (a calendar feed, a PDF): its media type, for the reference. */
  produces?: string;
};

/** Declares one endpoint; the object is returned as is, with its literal types kept. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

/** The endpoints of one domain, by name. */
export type Contract = Record<string, EndpointDefinition>;

/* ---- the envelope of DESIGN.md §4 ---- */

/** Response objects are strict: a field the contract does not declare is a failure in the tests. */
export const object = z.strictObject;

/** `{ success: true }` with nothing else. */
export const ZOk = object({ success: z.literal(true) });

/** `{ success: true, data }`. */
export const ok = <T extends z.ZodType>(data: T) => object({ success: z.literal(true), data });

export const ZPaginationMeta = object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** A page of a list: `{ success: true, data: [...], meta }`. */
export const page = <T extends z.ZodType>(item: T) =>
  object({ success: z.literal(true), data: z.array(item), meta: ZPaginationMeta });

/** Every failure: `{ success: false, code, message, errors? }` in the caller's language. */
export const ZErrorEnvelope = object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/* ---- what a caller sends and gets, by type ---- */

type Schema<E, K extends keyof EndpointDefinition> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** What the caller passes: only the parts the endpoint declares, as their input types. */
export type EndpointInput<E extends EndpointDefinition> = ([Schema<E, 'params'>] extends [never]
  ? unknown
  : { params: z.input<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [never] ? unknown : { query?: z.input<Schema<E, 'query'>> }) &
  ([Schema<E, 'body'>] extends [never] ? unknown : { body: z.input<Schema<E, 'body'>> });

/** The statuses whose answer has a JSON body. */
type BodyStatus = 200 | 201 | 202;

type SuccessBodies<R> = {
  [K in keyof R & BodyStatus]: R[K] extends z.ZodType ? z.output<R[K]> : never;
}[keyof R & BodyStatus];

/** The success body: of the one success status, or the union of several (auth/login's 200 and 202). */
export type EndpointResponse<E extends EndpointDefinition> = [SuccessBodies<E['responses']>] extends [never]
  ? undefined
  : SuccessBodies<E['responses']>;

/** The envelope's `data`, or undefined for `{ success: true }` alone. */
export type EndpointData<E extends EndpointDefinition> =
  EndpointResponse<E> extends { data: infer D } ? D : undefined;
