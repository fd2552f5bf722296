import { catalogContract } from '@club/shared/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

const input = (key: number | string) => ({ params: { id: String(key) } });

export const productQueryKey = (key: number | string) => queryKeyOf(catalogContract.item, input(key));

/** One experience by numeric id or alias. */
export const getProduct = (key: number | string) => fetchData(catalogContract.item, input(key));

export function useProduct(key: number | string | null) {
  return useQuery({
    queryKey: productQueryKey(key ?? ''),
    queryFn: () => getProduct(key as number | string),
    enabled: key !== null,
  });
}
