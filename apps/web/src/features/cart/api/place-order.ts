import { cartContract } from '@club/shared/contract/cart';
import { ordersContract } from '@club/shared/contract/orders';
import type { EndpointInput } from '@club/shared/contract/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf, queryPrefixOf } from '../../../lib/endpoint';

export type PlaceOrderInput = EndpointInput<typeof cartContract.placeOrder>['body'];

/** Places the order; the cart empties and the order history gains it, whatever the answer. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderInput) => fetchData(cartContract.placeOrder, { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(cartContract.items) }),
        queryClient.invalidateQueries({ queryKey: queryPrefixOf(ordersContract.list, ordersContract.item) }),
      ]),
  });
}
