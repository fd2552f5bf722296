import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Pay again (issue 14): registers the waiting order with the operator anew (a cancelled or failed
 * payment leaves the order waiting until it expires) and resolves with the operator's page.
 */
export const payAgain = (id: number) =>
  api.post<{ order_id: number; payment_url: string }>(`/sales/orders/item/${id}/pay`);

export function usePayAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payAgain,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
