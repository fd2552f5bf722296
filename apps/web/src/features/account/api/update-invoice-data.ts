import type { TInvoiceData } from '@club/shared';
import { accountContract } from '@club/shared/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export const updateInvoiceData = (body: TInvoiceData) =>
  fetchData(accountContract.updateInvoiceData, { body });

/** Saving reloads the account and the cart's "invoice data complete" (both read customers/item). */
export function useUpdateInvoiceData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(accountContract.customer) }),
  });
}
