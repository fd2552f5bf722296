import type { TAcceptAgreementsInput } from '@club/shared';
import { dealersContract } from '@club/shared/contract/dealers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export const getAgreementsInvitation = (token: string) =>
  fetchData(dealersContract.agreementsInvitation, { query: { token } });
export const acceptAgreements = (body: TAcceptAgreementsInput) =>
  fetchData(dealersContract.acceptAgreements, { body });

export function useAgreementsInvitation(token: string) {
  return useQuery({
    queryKey: queryKeyOf(dealersContract.agreementsInvitation, { query: { token } }),
    queryFn: () => getAgreementsInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useAcceptAgreements = () => useMutation({ mutationFn: acceptAgreements });
