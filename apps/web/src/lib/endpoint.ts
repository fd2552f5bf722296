/**
 * Calls derived from the shared contract (packages/shared/src/contract, decision 0008): the path, the
 * method and the types of what goes and comes back are the endpoint's, never written again here.
 *
 *   const items = await fetchData(cartContract.items);                  // TCartItem[]
 *   await fetchData(cartContract.update, { params: { id }, body });     // checked against the schema's input
 *   useQuery({ queryKey: queryKeyOf(cartContract.items), queryFn: () => fetchData(cartContract.items) })
 *   invalidateQueries({ queryKey: queryPrefixOf(ordersContract.list, ordersContract.item) })
 */
import type {
  EndpointData,
  EndpointDefinition,
  EndpointInput,
  EndpointResponse,
} from '@club/shared/contract/define';
import { pathKey, pathWith } from '@club/shared/contract/paths';
import { keepPreviousData } from '@tanstack/react-query';
import { type QueryParams, request } from './api-client';

type Parts = { params?: Record<string, unknown>; query?: unknown; body?: unknown };

/** The whole success body (the envelope with `data` and, for lists, `meta`). */
export async function fetchEnvelope<const E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: keyof EndpointInput<E> extends never ? [input?: EndpointInput<E>] : [input: EndpointInput<E>]
): Promise<EndpointResponse<E>> {
  const parts = (input ?? {}) as Parts;
  return (await request(
    endpoint.method,
    pathWith(endpoint.path, parts.params),
    parts.body ?? (endpoint.method === 'GET' ? undefined : {}),
    parts.query as QueryParams | undefined,
  )) as EndpointResponse<E>;
}

/** The envelope's `data`. */
export async function fetchData<const E extends EndpointDefinition>(
  endpoint: E,
  ...args: keyof EndpointInput<E> extends never ? [input?: EndpointInput<E>] : [input: EndpointInput<E>]
): Promise<EndpointData<E>> {
  const envelope = (await fetchEnvelope(endpoint, ...args)) as { data?: unknown };
  return envelope.data as EndpointData<E>;
}

/**
 * The query key of an endpoint's data: its path's words, then the input when there is one. Keys nest
 * like paths: `queryKeyOf(ordersContract.list)` without input is the prefix of every page of orders.
 */
export function queryKeyOf<const E extends EndpointDefinition>(
  endpoint: E,
  input?: EndpointInput<E>,
): readonly unknown[] {
  const key = pathKey(endpoint.path);
  return input === undefined ? key : [...key, input];
}

/**
 * The query of one page of a paged list (its whole envelope, `meta` with it): while the next page or
 * order loads, the page on screen stays. `useQuery({ ...pageQueryOf(endpoint, { query }), retry })`.
 */
export function pageQueryOf<const E extends EndpointDefinition>(endpoint: E, input: EndpointInput<E>) {
  const fetchPage = fetchEnvelope as (endpoint: E, input: EndpointInput<E>) => Promise<EndpointResponse<E>>;
  return {
    queryKey: queryKeyOf(endpoint, input),
    queryFn: () => fetchPage(endpoint, input),
    placeholderData: keepPreviousData,
  };
}

/**
 * The longest key prefix the queries of these endpoints share: invalidating it refreshes every one
 * of them, whatever their input (`queryPrefixOf(ordersContract.list, ordersContract.item)` is
 * `['sales', 'orders']`: every page of orders and each order). Never written by hand, so a path
 * change in the contract moves the prefix with it.
 */
export function queryPrefixOf(first: EndpointDefinition, ...others: EndpointDefinition[]): readonly string[] {
  let prefix = pathKey(first.path);
  for (const endpoint of others) {
    const key = pathKey(endpoint.path);
    const shared = prefix.findIndex((word, i) => key[i] !== word);
    if (shared !== -1) prefix = prefix.slice(0, shared);
  }
  return prefix;
}
