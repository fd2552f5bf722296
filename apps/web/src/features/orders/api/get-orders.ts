import type { TOrder } from '@club/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getOrders = (page: number) => api.getEnvelope<TOrder[]>('/sales/orders/items', { page });

/** The member's orders, newest first; 'load more' appends the next page until the last one. */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: ['orders', 'list'],
    queryFn: ({ pageParam }) => getOrders(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const meta = last.paginationMetaData;
      return meta && meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
    },
  });
}
