import { FIRST_PAGE } from '@club/shared/constants';
import { ordersContract } from '@club/shared/contract/orders';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchEnvelope, queryKeyOf } from '../../../lib/endpoint';

/** The member's orders, newest first; 'load more' appends the next page until the last one. */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: queryKeyOf(ordersContract.list),
    queryFn: ({ pageParam }) => fetchEnvelope(ordersContract.list, { query: { page: pageParam } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => {
      const meta = last.paginationMetaData;
      return meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
    },
  });
}
