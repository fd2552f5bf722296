import { adminDiscountsContract as contract } from '@club/shared/contract/admin-discounts';
import { adminOrdersContract } from '@club/shared/contract/admin-orders';
import type { TDiscountCodeBody, TDiscountListQuery } from '@club/shared/schemas/admin-discounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf, queryPrefixOf, pageQueryOf } from '../../../lib/endpoint';

/** Every request of the discount codes' screen, derived from the shared contract. */

export function useDiscountCodes(query: TDiscountListQuery) {
  return useQuery(pageQueryOf(contract.list, { query }));
}

/** The experiences a code may be limited to (the sales desk's filter options). */
export function useExperienceOptions() {
  return useQuery({
    queryKey: queryKeyOf(adminOrdersContract.options),
    queryFn: () => fetchData(adminOrdersContract.options),
    staleTime: 60_000,
  });
}

export function useRedemptions(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf(contract.redemptions, { params: { id: id ?? 0 } }),
    queryFn: () => fetchData(contract.redemptions, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export type DiscountChange =
  | { kind: 'create'; body: TDiscountCodeBody }
  | { kind: 'update'; id: number; body: TDiscountCodeBody }
  | { kind: 'deactivate'; id: number };

/** A change of a code; the list (and any redemptions) are read again after it. */
export function useDiscountChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: DiscountChange) => {
      if (change.kind === 'create') return fetchData(contract.create, { body: change.body });
      if (change.kind === 'update')
        return fetchData(contract.update, { params: { id: change.id }, body: change.body });
      return fetchData(contract.deactivate, { params: { id: change.id } });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryPrefixOf(contract.list, contract.redemptions) });
    },
  });
}
