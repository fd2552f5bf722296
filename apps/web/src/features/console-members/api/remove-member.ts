import { adminMembersContract as contract } from '@club/shared/contract/admin-members';
import type { TWrittenRequestBody } from '@club/shared/schemas/privacy-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryPrefixOf } from '../../../lib/endpoint';

/** Removes an account on the person's written request (administrators); the search forgets it. */
export function useRemoveMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWrittenRequestBody) => fetchData(contract.removeMember, { params: { id }, body }),
    // Stale, not refetched: the member's own page is still on screen until the console moves on.
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: queryPrefixOf(contract.members, contract.member),
        refetchType: 'none',
      }),
  });
}
