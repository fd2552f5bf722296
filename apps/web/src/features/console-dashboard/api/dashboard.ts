import { adminDashboardContract as contract } from '@club/shared/contract/admin-dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The dashboard's figures for the last `weeks` club weeks; read again when staff come back to it. */
export function useDashboard(weeks: number) {
  const query = { weeks };
  return useQuery({
    queryKey: queryKeyOf(contract.read, { query }),
    queryFn: () => fetchData(contract.read, { query }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
