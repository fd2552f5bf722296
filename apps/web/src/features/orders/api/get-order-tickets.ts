import { ticketsContract } from '@club/shared/contract/tickets';
import { pathWith } from '@club/shared/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The tickets of one of the member's orders (voided ones too), for the order's details. */
export function useOrderTickets(id: number, enabled: boolean) {
  const input = { query: { order_id: id } };
  return useQuery({
    queryKey: queryKeyOf(ticketsContract.myTickets, input),
    queryFn: () => fetchData(ticketsContract.myTickets, input),
    enabled,
  });
}

/** The order's valid tickets as a PDF to print (a plain link: the browser downloads it with the session). */
export const orderTicketsPdfUrl = (id: number) =>
  `${API_BASE}${pathWith(ticketsContract.orderPdf.path, { id })}`;
