import { invoicesContract } from '@club/shared/contract/invoices';
import { ksefContract } from '@club/shared/contract/ksef';
import { pathWith } from '@club/shared/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The VAT invoices (and corrections) issued for one of the member's orders. */
export function useOrderInvoices(id: number) {
  return useQuery({
    queryKey: queryKeyOf(invoicesContract.memberList, { params: { id } }),
    queryFn: () => fetchData(invoicesContract.memberList, { params: { id } }),
  });
}

/** The address of an invoice's PDF (a plain link: the browser downloads it with the session cookie). */
export const invoicePdfUrl = (id: number) =>
  `${API_BASE}${pathWith(invoicesContract.memberPdf.path, { id })}`;

/** The address of an invoice's FA(3) XML, the legal invoice in KSeF (the member's own invoices only). */
export const invoiceXmlUrl = (id: number) => `${API_BASE}${pathWith(ksefContract.memberXml.path, { id })}`;
