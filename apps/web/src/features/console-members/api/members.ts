import { adminMembersContract as contract } from '@club/shared/contract/admin-members';
import type { TWrittenRequestBody } from '@club/shared/schemas/privacy-console';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** Every request of the console's members screens, derived from the shared contract. */

export function useMemberSearch(search: string) {
  return useQuery({
    queryKey: queryKeyOf(contract.members, { query: { search } }),
    queryFn: () => fetchData(contract.members, { query: { search } }),
    enabled: search.trim().length >= 2,
    retry: (count, error) => !(error instanceof ApiError && error.status === 422) && count < 2,
  });
}

export function useMember(id: number) {
  return useQuery({
    queryKey: queryKeyOf(contract.member, { params: { id } }),
    queryFn: () => fetchData(contract.member, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** The audited reveal of a dealer's whole PESEL (administrators): kept only in the page's state. */
export function useRevealPesel(id: number) {
  return useMutation({ mutationFn: () => fetchData(contract.revealPesel, { params: { id } }) });
}

/** A copy of the member's data on their written request: queued for the member, audited. */
export function useStartExport(id: number) {
  return useMutation({
    mutationFn: (body: TWrittenRequestBody) => fetchData(contract.startExport, { params: { id }, body }),
  });
}
