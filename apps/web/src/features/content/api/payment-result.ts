import { ORDER_STATUS } from '@club/shared/constants';
import { ordersContract } from '@club/shared/contract/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** How often the result screen asks again while the operator's word has not come. */
export const PAYMENT_POLL_MS = 2_000;
/** After this long the screen stops asking and says the confirmation comes by e-mail. */
export const PAYMENT_POLL_LIMIT_MS = 3 * 60_000;

const orderKey = (id: number | null) => queryKeyOf(ordersContract.item, { params: { id: id ?? 0 } });

/** The order the member has just paid (or not): refreshed while it waits for the operator. */
export function useResultOrder(id: number | null, startedAt: number) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: () => fetchData(ordersContract.item, { params: { id: id as number } }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === ORDER_STATUS.WAITING_PAYMENT &&
      Date.now() - startedAt < PAYMENT_POLL_LIMIT_MS
        ? PAYMENT_POLL_MS
        : false,
  });
}

/** Pay again: a new registration with the operator; resolves with where to send the member. */
export function usePayAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchData(ordersContract.payAgain, { params: { id } }),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: orderKey(id) }),
  });
}
