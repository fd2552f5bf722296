import type { TTaxOffice } from '@club/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getTaxOffices = () => api.get<TTaxOffice[]>('/bonus/tax-offices');

export function useTaxOffices() {
  return useQuery({
    queryKey: ['bonus', 'tax-offices'],
    queryFn: getTaxOffices,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}
