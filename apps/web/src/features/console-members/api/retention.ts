import { adminMembersContract as contract } from '@club/shared/contract/admin-members';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The retention job's periods and its last run (docs/privacy.md "Retention"). */
export function useRetention() {
  return useQuery({
    queryKey: queryKeyOf(contract.retention),
    queryFn: () => fetchData(contract.retention),
  });
}
