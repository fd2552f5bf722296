import type { TCustomerUser, TInvoiceData } from '@club/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountUserKey } from './account-user';

export const updateInvoiceData = (values: TInvoiceData) =>
  api.post<TCustomerUser>('/customers/update-invoice-data', values);

export function useUpdateInvoiceData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUserKey }),
  });
}
