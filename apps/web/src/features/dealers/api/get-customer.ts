import { dealersContract } from '@club/shared/contract/dealers';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export const getDealerCustomer = (id: number) => fetchData(dealersContract.customer, { params: { id } });

export function useDealerCustomer(id: number) {
  return useQuery({
    queryKey: queryKeyOf(dealersContract.customer, { params: { id } }),
    queryFn: () => getDealerCustomer(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
