import { ticketsContract } from '@club/shared/contract/tickets';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The member's valid tickets (the club card screen shows those still to come). */
export function useMyTickets(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(ticketsContract.myTickets, { query: {} }),
    queryFn: () => fetchData(ticketsContract.myTickets, { query: {} }),
    enabled,
  });
}
