import type { TActivateAccountInput } from '@club/shared';
import { dealersContract } from '@club/shared/contract/dealers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export const getActivationInvitation = (token: string) =>
  fetchData(dealersContract.activationInvitation, { query: { token } });
export const activateAccount = (body: TActivateAccountInput) => fetchData(dealersContract.activate, { body });

export function useActivationInvitation(token: string) {
  return useQuery({
    queryKey: queryKeyOf(dealersContract.activationInvitation, { query: { token } }),
    queryFn: () => getActivationInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
