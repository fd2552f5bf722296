import { accountContract } from '@club/shared/contract/account';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from '../../../lib/endpoint';

export const removeAccount = () => fetchData(accountContract.removeAccount);

export function useRemoveAccount() {
  return useMutation({ mutationFn: removeAccount });
}
