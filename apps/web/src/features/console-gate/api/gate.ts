import {
  eventDayContract as contract,
  type TCheckInListDetail,
  type TScanOutcome,
} from '@club/shared/contract/event-day';
import type { TCheckInOverride, TScanTicket, TTicketAtGate } from '@club/shared/schemas/event-day';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf, queryPrefixOf } from '../../../lib/endpoint';

/** Every request of the gate, derived from the shared contract. */

/** The last answer, kept on the device: a gate started without network still knows what it serves. */
const EXPERIENCES_KEY = 'club.gate.experiences';
type GateExperiences = Awaited<ReturnType<typeof fetchGateExperiences>>;
const fetchGateExperiences = () => fetchData(contract.experiences);
function savedExperiences(): GateExperiences | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(EXPERIENCES_KEY) ?? 'null') as unknown;
    return Array.isArray(saved) ? (saved as GateExperiences) : undefined;
  } catch {
    return undefined;
  }
}

export function useGateExperiences() {
  return useQuery({
    queryKey: queryKeyOf(contract.experiences),
    queryFn: async () => {
      const experiences = await fetchGateExperiences();
      try {
        localStorage.setItem(EXPERIENCES_KEY, JSON.stringify(experiences));
      } catch {
        // A full storage: the gate then needs the network to start.
      }
      return experiences;
    },
    staleTime: 60_000,
    // Offline the query waits for the network; the device's last answer stands in meanwhile.
    placeholderData: savedExperiences,
  });
}

const listKey = (id: number) => queryKeyOf(contract.list, { params: { id } });

export function useCheckInList(id: number) {
  return useQuery({
    queryKey: listKey(id),
    queryFn: () => fetchData(contract.list, { params: { id } }),
    enabled: id > 0,
    // Other gates let people in too: the counts follow while the screen is open.
    refetchInterval: 15_000,
  });
}

export function useGateSearch(id: number, q: string) {
  return useQuery({
    queryKey: queryKeyOf(contract.search, { params: { id }, query: { q } }),
    queryFn: () => fetchData(contract.search, { params: { id }, query: { q } }),
    enabled: id > 0 && q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export type GateAction =
  | { kind: 'scan'; body: TScanTicket }
  | { kind: 'checkIn'; body: TTicketAtGate }
  | { kind: 'override'; body: TCheckInOverride }
  | { kind: 'checkOut'; body: TTicketAtGate };

/** One act at the gate: the list's counts take the answer's; the search is read again. */
export function useGateAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: GateAction): Promise<TScanOutcome> => {
      const params = { id };
      if (action.kind === 'scan') return fetchData(contract.scan, { params, body: action.body });
      if (action.kind === 'checkIn') return fetchData(contract.checkIn, { params, body: action.body });
      if (action.kind === 'override') return fetchData(contract.override, { params, body: action.body });
      return fetchData(contract.checkOut, { params, body: action.body });
    },
    onSuccess: async (outcome) => {
      // A read of the list begun before this act would answer with the counts from before it, after
      // it, and take the count back (the clean-clone run of 23:50 saw "In 0" after an "in"): it is
      // cancelled first, and the act's counts stand until the next read.
      await client.cancelQueries({ queryKey: listKey(id) });
      client.setQueryData(listKey(id), (old: TCheckInListDetail | undefined) =>
        old ? { ...old, counts: outcome.counts } : old,
      );
      void client.invalidateQueries({ queryKey: queryPrefixOf(contract.search) });
    },
  });
}
