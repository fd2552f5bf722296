import type { LanguageCode, TActivateAccountInput, TActivationInvitation } from '@club/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Invitation = TActivationInvitation & { language_code: LanguageCode };

export const getActivationInvitation = (token: string) =>
  api.get<Invitation>('/registration/activate', { token });
export const activateAccount = (body: TActivateAccountInput) =>
  api.post<{ email: string }>('/registration/activate', body);

export function useActivationInvitation(token: string) {
  return useQuery({
    queryKey: ['registration', 'activate', token],
    queryFn: () => getActivationInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
