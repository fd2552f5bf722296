import { cartContract } from '@club/shared/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** Adds an experience to the cart; the cart (and its count in the menu) reloads. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => fetchData(cartContract.add, { body: { product_id: productId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(cartContract.items) }),
  });
}
