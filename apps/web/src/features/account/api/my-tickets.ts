import { ticketsContract } from '@club/shared/contract/tickets';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The tickets to come as a PDF to print or keep (a plain link: the browser downloads it with the session). */
export const upcomingTicketsPdfUrl = `${API_BASE}${ticketsContract.upcomingPdf.path}`;

/** The member's valid tickets (the club card screen shows those still to come). */
export function useMyTickets(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(ticketsContract.myTickets, { query: {} }),
    queryFn: () => fetchData(ticketsContract.myTickets, { query: {} }),
    enabled,
  });
}
