import type { LanguageCode, TAcceptAgreements, TAgreementsInvitation } from '@club/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Invitation = TAgreementsInvitation & { language_code: LanguageCode };

export const getAgreementsInvitation = (token: string) =>
  api.get<Invitation>('/registration/agreements', { token });
export const acceptAgreements = (body: TAcceptAgreements) =>
  api.post<{ status: 'WAITING_ORDER_NUMBER' | 'WAITING_REGISTRATION' }>('/registration/agreements', body);

export function useAgreementsInvitation(token: string) {
  return useQuery({
    queryKey: ['registration', 'agreements', token],
    queryFn: () => getAgreementsInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useAcceptAgreements = () => useMutation({ mutationFn: acceptAgreements });
