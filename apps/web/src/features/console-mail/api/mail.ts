import { adminMailContract as contract } from '@club/shared/contract/admin-mail';
import type { TMailDetail, TMailListQuery } from '@club/shared/schemas/admin-mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { fetchData, queryKeyOf, pageQueryOf } from '../../../lib/endpoint';

/** Every request of the console's outbox, derived from the shared contract. */

export function useMailList(query: TMailListQuery) {
  return useQuery({
    ...pageQueryOf(contract.list, { query }),
    // A bad filter in the address is the user's to fix, not a network hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 422) && count < 2,
  });
}

const itemKey = (id: number) => queryKeyOf(contract.item, { params: { id } });

export function useMail(id: number) {
  return useQuery({
    queryKey: itemKey(id),
    queryFn: () => fetchData(contract.item, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** Resend: the mail takes the server's answer (its new state), every list is read again. */
export function useResendMail(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchData(contract.resend, { params: { id } }),
    onSuccess: (mail: TMailDetail) => {
      client.setQueryData(itemKey(id), mail);
      void client.invalidateQueries({ queryKey: queryKeyOf(contract.list) });
    },
  });
}
