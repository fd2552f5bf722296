import { FIRST_PAGE } from '@club/shared';
import { dealersContract } from '@club/shared/contract/dealers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchEnvelope, queryKeyOf, queryPrefixOf } from '../../../lib/endpoint';
import type { CustomerFilters } from '../hooks/filter-storage';

/** The prefix of every query about the dealer's customers: the list's pages and each customer. */
export const dealerCustomersKey = queryPrefixOf(dealersContract.customers, dealersContract.customer);

export const getDealerCustomers = (page: number, filters: CustomerFilters) =>
  fetchEnvelope(dealersContract.customers, {
    query: { page, where: { search: filters.search.trim(), status: filters.status } },
  });

/** The dealer's customers, page after page ('load more' appends until the last page). */
export function useDealerCustomers(filters: CustomerFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...queryKeyOf(dealersContract.customers), filters],
    queryFn: ({ pageParam }) => getDealerCustomers(pageParam, filters),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => {
      const meta = last.paginationMetaData;
      return meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
    },
    enabled,
    retry: false,
  });
}
