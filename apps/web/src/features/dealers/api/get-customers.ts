import { FIRST_PAGE, type TDealerCustomer } from '@club/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CustomerFilters } from '../hooks/filter-storage';

export const dealerCustomersKey = ['dealer-customers'] as const;

export const getDealerCustomers = (page: number, filters: CustomerFilters) =>
  api.getEnvelope<TDealerCustomer[]>('/dealers/customers/items', {
    page,
    where: { search: filters.search.trim(), status: filters.status },
  });

/** The dealer's customers, page after page ('load more' appends until the last page). */
export function useDealerCustomers(filters: CustomerFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...dealerCustomersKey, filters],
    queryFn: ({ pageParam }) => getDealerCustomers(pageParam, filters),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => {
      const meta = last.paginationMetaData;
      return meta && meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
    },
    enabled,
    retry: false,
  });
}
