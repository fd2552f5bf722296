import { cartContract } from '@club/shared/contract/cart';
import type { EndpointInput } from '@club/shared/contract/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export type PlaceOrderInput = EndpointInput<typeof cartContract.placeOrder>['body'];

/** Places the order; the cart empties and the order history gains it, whatever the answer. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderInput) => fetchData(cartContract.placeOrder, { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(cartContract.items) }),
        queryClient.invalidateQueries({ queryKey: ['sales', 'orders'] }),
      ]),
  });
}
