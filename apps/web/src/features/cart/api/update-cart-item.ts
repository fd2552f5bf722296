import { cartContract } from '@club/shared/contract/cart';
import type { TCartItemUpdateInput } from '@club/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TCartItemUpdateInput & { id: number }) =>
      fetchData(cartContract.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(cartContract.items) }),
  });
}
