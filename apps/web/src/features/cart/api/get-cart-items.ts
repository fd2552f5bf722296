import { cartContract } from '@club/shared/contract/cart';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';
import { useIsCustomer } from '../../../lib/session';

const getCartItems = () => fetchData(cartContract.items);

export function useCartItems() {
  return useQuery({ queryKey: queryKeyOf(cartContract.items), queryFn: getCartItems });
}

/** The number of items in the member's cart, shown by the basket icon of the top menu. */
export function useCartCount(): number {
  const isCustomer = useIsCustomer();
  const { data } = useQuery({
    queryKey: queryKeyOf(cartContract.items),
    queryFn: getCartItems,
    staleTime: 30_000,
    enabled: isCustomer,
  });
  return data?.length ?? 0;
}
