import type { TPlaceOrderResult } from '@club/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart-items';

export type PlaceOrderInput = { discount_code: string; is_invoice: 0 | 1 };

export const placeOrder = (input: PlaceOrderInput) => api.post<TPlaceOrderResult>('/sales/cart/order', input);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
