import type { TCartAdd } from '@club/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart-items';

export const addToCart = (input: TCartAdd) => api.post<{ id: number }>('/sales/cart/add', input);

/** Adds an experience; the cart (and its count in the menu) reloads. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
