import { ordersContract } from '@club/shared/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf(ordersContract.item, { params: { id: id ?? 0 } }),
    queryFn: () => fetchData(ordersContract.item, { params: { id: id as number } }),
    enabled: id !== null,
  });
}
