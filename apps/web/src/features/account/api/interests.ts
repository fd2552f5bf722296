import type { TCustomerUser, TInterest } from '@club/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { accountUserKey } from './account-user';

export const getInterests = () => api.get<TInterest[]>('/settings/interests/items');

/** The interests catalogue, in the member's language. */
export function useInterests() {
  const { language } = useSession();
  return useQuery({ queryKey: ['account', 'interests', language], queryFn: getInterests });
}

export const updateInterests = (interests: number[]) =>
  api.post<TCustomerUser>('/customers/update-interests', { interests });

export function useUpdateInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInterests,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUserKey }),
  });
}
