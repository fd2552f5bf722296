import { ticketsContract } from '@club/shared/contract/tickets';
import { useQuery } from '@tanstack/react-query';
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
