import type { TDealerCustomer } from '@club/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealerCustomersKey } from './get-customers';

export const getDealerCustomer = (id: number) => api.get<TDealerCustomer>(`/dealers/customers/item/${id}`);

export function useDealerCustomer(id: number) {
  return useQuery({
    queryKey: [...dealerCustomersKey, 'item', id],
    queryFn: () => getDealerCustomer(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
