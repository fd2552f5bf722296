import { FIRST_PAGE } from '@club/shared/constants';
import { catalogContract } from '@club/shared/contract/catalog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchEnvelope, queryKeyOf } from '../../../lib/endpoint';

export type ProductFilter = { categoryId?: number; forUser?: boolean };

/** The query of a list without its page: `where[category_id]`, `where[for_user]` (DESIGN.md §4). */
const whereOf = (filter: ProductFilter) => ({
  where: { category_id: filter.categoryId, for_user: filter.forUser ? 'true' : undefined },
});

export const productsQueryKey = (filter: ProductFilter) =>
  queryKeyOf(catalogContract.list, { query: whereOf(filter) });

export const getProducts = (filter: ProductFilter, page: number) =>
  fetchEnvelope(catalogContract.list, { query: { page, ...whereOf(filter) } });

/** A product list with 'load more': pages are appended until meta.last_page. */
export function useProducts(filter: ProductFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: productsQueryKey(filter),
    queryFn: ({ pageParam }) => getProducts(filter, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => {
      const meta = last.meta;
      return meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
    },
    enabled,
  });
}
