import type { TCustomerProfileUpdate } from '@club/shared';
import { accountContract } from '@club/shared/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** SPEC.md §7 customers/update: consents travel as 0/1, the prefix without plus, no e-mail. */
export function toProfilePayload(values: TCustomerProfileUpdate) {
  const { customer, ...rest } = values;
  const flags = Object.fromEntries(
    Object.entries(customer).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 1 : 0) : v]),
  );
  return { ...rest, phone_prefix: rest.phone_prefix.replace(/\+/g, ''), customer: flags };
}

export const updateProfile = (values: TCustomerProfileUpdate) =>
  fetchData(accountContract.updateProfile, { body: toProfilePayload(values) });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(accountContract.customer) }),
  });
}
