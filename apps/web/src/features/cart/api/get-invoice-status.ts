import { isInvoiceDataComplete } from '@club/shared';
import { accountContract } from '@club/shared/contract/account';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** Whether the member's invoice data is complete enough for a VAT invoice (the server checks again). */
export function useInvoiceDataComplete() {
  return useQuery({
    queryKey: queryKeyOf(accountContract.customer),
    queryFn: () => fetchData(accountContract.customer),
    select: (user) => isInvoiceDataComplete(user.customer),
  });
}
