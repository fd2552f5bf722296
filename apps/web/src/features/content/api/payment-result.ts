import type { TOrder } from '@club/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How often the result screen asks again while the operator's word has not come. */
export const PAYMENT_POLL_MS = 2_000;
/** After this long the screen stops asking and says the confirmation comes by e-mail. */
export const PAYMENT_POLL_LIMIT_MS = 3 * 60_000;

export const getResultOrder = (id: number) => api.get<TOrder>(`/sales/orders/item/${id}`);

/** The order the member has just paid (or not): refreshed while it waits for the operator. */
export function useResultOrder(id: number | null, startedAt: number) {
  return useQuery({
    queryKey: ['orders', 'item', id],
    queryFn: () => getResultOrder(id!),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'WAITING_PAYMENT' && Date.now() - startedAt < PAYMENT_POLL_LIMIT_MS
        ? PAYMENT_POLL_MS
        : false,
  });
}

/** Pay again: a new registration with the operator; resolves with where to send the member. */
export function usePayAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ order_id: number; payment_url: string }>(`/sales/orders/item/${id}/pay`),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: ['orders', 'item', id] }),
  });
}
