import type { TCustomerProfileUpdate } from '@club/shared';
import { accountContract } from '@club/shared/contract/account';
import { privacyContract } from '@club/shared/contract/privacy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryPrefixOf } from '../../../lib/endpoint';

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
    // The account and its consent history (a consent changed is a new row there).
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryPrefixOf(accountContract.customer, privacyContract.consentHistory),
      }),
  });
}
