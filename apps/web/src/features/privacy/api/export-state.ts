import { privacyExportContract as contract } from '@club/shared/contract/privacy-export';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** While a copy is being prepared the screen asks again this often (the build takes seconds). */
const POLL_MS = 2_500;

export const getExportState = () => fetchData(contract.state);

/** The member's latest copy of their data; followed while it is queued or being built. */
export function useExportState() {
  return useQuery({
    queryKey: queryKeyOf(contract.state),
    queryFn: getExportState,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'QUEUED' || status === 'BUILDING' ? POLL_MS : false;
    },
  });
}
