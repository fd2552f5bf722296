import { accountContract } from '@club/shared/contract/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';

export const getInterests = () => fetchData(accountContract.interests);

/** The interests catalogue, in the member's language. */
export function useInterests() {
  const { language } = useSession();
  return useQuery({ queryKey: [...queryKeyOf(accountContract.interests), language], queryFn: getInterests });
}

export const updateInterests = (interests: number[]) =>
  fetchData(accountContract.updateInterests, { body: { interests } });

export function useUpdateInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInterests,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(accountContract.customer) }),
  });
}
