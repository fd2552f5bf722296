import { eventDayContract } from '@club/shared/contract/event-day';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The member's valid tickets (the club card screen shows those still to come). */
export function useMyTickets(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(eventDayContract.myTickets, { query: {} }),
    queryFn: () => fetchData(eventDayContract.myTickets, { query: {} }),
    enabled,
  });
}
