import { cartContract } from '@club/shared/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The member has seen a line's changed price: the line stops saying so. */
export function useAcknowledgePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchData(cartContract.acknowledgePrice, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(cartContract.items) }),
  });
}
