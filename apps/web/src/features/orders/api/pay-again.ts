import { ordersContract } from '@club/shared/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryPrefixOf } from '../../../lib/endpoint';

/**
 * Pay again (issue 14): registers the waiting order with the operator anew (a cancelled or failed
 * payment leaves the order waiting until it expires) and resolves with the operator's page.
 */
export function usePayAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchData(ordersContract.payAgain, { params: { id } }),
    // The list and each order.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryPrefixOf(ordersContract.list, ordersContract.item) }),
  });
}
