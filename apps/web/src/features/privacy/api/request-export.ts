import { privacyExportContract as contract } from '@club/shared/contract/privacy-export';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export const requestExport = () => fetchData(contract.request);

/** Asks for a new copy; the screen then follows it (export-state.ts polls while it is built). */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(contract.state) }),
  });
}
