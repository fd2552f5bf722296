import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const removeAccount = () => api.post<undefined>('/customers/remove-account');

export function useRemoveAccount() {
  return useMutation({ mutationFn: removeAccount });
}
