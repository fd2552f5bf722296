import type { TCartItem } from '@club/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIsCustomer } from '../../../lib/session';

export const cartQueryKey = ['cart'] as const;

export const getCartItems = () => api.get<TCartItem[]>('/sales/cart/items');

export function useCartItems() {
  return useQuery({ queryKey: cartQueryKey, queryFn: getCartItems });
}

/** The number of items in the member's cart, shown by the basket icon of the top menu. */
export function useCartCount(): number {
  const isCustomer = useIsCustomer();
  const { data } = useQuery({
    queryKey: cartQueryKey,
    queryFn: getCartItems,
    staleTime: 30_000,
    enabled: isCustomer,
  });
  return data?.length ?? 0;
}
