import type { TOrder } from '@club/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getOrder = (id: number) => api.get<TOrder>(`/sales/orders/item/${id}`);

export function useOrder(id: number | null) {
  return useQuery({ queryKey: ['orders', 'item', id], queryFn: () => getOrder(id!), enabled: id !== null });
}
