import { bonusContract } from '@club/shared/contract/bonus';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export const getTaxOffices = () => fetchData(bonusContract.taxOffices);

export function useTaxOffices() {
  return useQuery({
    queryKey: queryKeyOf(bonusContract.taxOffices),
    queryFn: getTaxOffices,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}
