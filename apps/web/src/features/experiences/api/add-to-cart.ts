import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The cart's query key (owned by the cart feature): invalidating it refreshes the menu's count. */
const cartQueryKey = ['cart'] as const;

export const addToCart = (productId: number) => api.post('/sales/cart/add', { product_id: productId });

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}
