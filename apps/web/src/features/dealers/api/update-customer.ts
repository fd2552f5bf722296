import type { TUpdateDealerCustomer } from '@club/shared';
import { dealersContract } from '@club/shared/contract/dealers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../../../lib/endpoint';
import { dealerCustomersKey } from './get-customers';

export const updateDealerCustomer = (id: number, body: TUpdateDealerCustomer) =>
  fetchData(dealersContract.updateCustomer, { params: { id }, body });

/** Saving reloads the customer (SPEC.md §4: the form reloads after saving) and the list. */
export function useUpdateDealerCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateDealerCustomer) => updateDealerCustomer(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealerCustomersKey }),
  });
}
