import type { TProduct } from '@club/shared';
import { FIRST_PAGE } from '@club/shared/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ProductFilter = { categoryId?: number; forUser?: boolean };

export const productsQueryKey = (filter: ProductFilter) => ['products', filter] as const;

export const getProducts = (filter: ProductFilter, page: number) =>
  api.getEnvelope<TProduct[]>('/products/items', {
    page,
    where: { category_id: filter.categoryId, for_user: filter.forUser ? 'true' : undefined },
  });

/** A product list with 'load more': pages are appended until meta.last_page. */
export function useProducts(filter: ProductFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: productsQueryKey(filter),
    queryFn: ({ pageParam }) => getProducts(filter, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => {
      const meta = last.meta;
      return meta && meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
    },
    enabled,
  });
}
