import type { TProductDetail } from '@club/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const productQueryKey = (key: number | string) => ['product', String(key)] as const;

/** One experience by numeric id or alias. */
export const getProduct = (key: number | string) =>
  api.get<TProductDetail>(`/products/item/${encodeURIComponent(String(key))}`);

export function useProduct(key: number | string | null) {
  return useQuery({
    queryKey: productQueryKey(key ?? ''),
    queryFn: () => getProduct(key as number | string),
    enabled: key !== null,
  });
}
