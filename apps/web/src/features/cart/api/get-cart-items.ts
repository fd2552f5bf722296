import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CartItemSummary = { id: number; quantity: number };

export const cartQueryKey = ['cart'] as const;

export const getCartItems = () => api.get<CartItemSummary[]>('/sales/cart/items');

/** The number of items in the member's cart, shown by the basket icon of the top menu. */
export function useCartCount(): number {
  const { data } = useQuery({ queryKey: cartQueryKey, queryFn: getCartItems, staleTime: 30_000 });
  return data?.length ?? 0;
}
