import type { TCartItemUpdateInput } from '@club/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart-items';

export const updateCartItem = ({ id, ...input }: TCartItemUpdateInput & { id: number }) =>
  api.post<void>(`/sales/cart/update/${id}`, input);

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
