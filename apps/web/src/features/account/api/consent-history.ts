import { privacyContract } from '@club/shared/contract/privacy';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The member's own consent history (issue 31), newest first; read again after every profile save. */
export const getConsentHistory = () => fetchData(privacyContract.consentHistory);

export function useConsentHistory(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(privacyContract.consentHistory),
    queryFn: getConsentHistory,
    enabled,
    staleTime: 0,
  });
}
