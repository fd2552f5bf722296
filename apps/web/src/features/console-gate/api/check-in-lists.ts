import { checkInListsContract as lists, type TDoorList } from '@club/shared/contract/check-in-lists';
import type { TCheckInListChange, TNewCheckInList } from '@club/shared/schemas/check-in-lists';
import { eventDayContract as gate, type TScanOutcome } from '@club/shared/contract/event-day';
import { gateOfflineContract as offline } from '@club/shared/contract/gate-offline';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf, queryPrefixOf } from '../../../lib/endpoint';
import { deviceId } from '../offline/store';

/** The door list and the check-in lists staff manage (issue 29), derived from the shared contract. */

const doorListKey = (id: number) => queryKeyOf(lists.doorList, { params: { id } });

export function useDoorList(id: number) {
  return useQuery({
    queryKey: doorListKey(id),
    queryFn: () => fetchData(lists.doorList, { params: { id } }),
    enabled: id > 0,
    // Other gates tick people in too: the list follows while it is open.
    refetchInterval: 30_000,
  });
}

export type Tick = { ticket_id: number; in: boolean };

/**
 * A tick on the door list: in through the gate's check-in (the same answers as a scan), out through
 * its check-out. The row and the counts take the answer at once; the gate's queries are read again.
 */
export function useTick(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tick: Tick): Promise<TScanOutcome> =>
      tick.in
        ? fetchData(gate.checkIn, { params: { id }, body: { ticket_id: tick.ticket_id } })
        : fetchData(gate.checkOut, { params: { id }, body: { ticket_id: tick.ticket_id } }),
    onSuccess: (outcome) => {
      const stamp = outcome.attendee?.check_in;
      client.setQueryData(doorListKey(id), (old: TDoorList | undefined) =>
        old
          ? {
              ...old,
              counts: outcome.counts,
              attendees: old.attendees.map((a) =>
                a.ticket_id === outcome.attendee?.ticket_id
                  ? { ...a, in_at: stamp?.at ?? null, checked_out_at: stamp?.checked_out_at ?? null }
                  : a,
              ),
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: queryPrefixOf(gate.list, gate.search) });
    },
  });
}

/** After any change of the lists: the gate's experiences (with their lists) and the door lists are read again. */
function useListsChanged() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ queryKey: queryPrefixOf(gate.experiences, gate.list, lists.doorList) });
}

export function useCreateList(experienceId: number) {
  const changed = useListsChanged();
  return useMutation({
    mutationFn: (body: TNewCheckInList) =>
      fetchData(lists.createList, { params: { id: experienceId }, body }),
    onSuccess: changed,
  });
}

export function useUpdateList() {
  const changed = useListsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TCheckInListChange }) =>
      fetchData(lists.updateList, { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useRemoveList() {
  const changed = useListsChanged();
  return useMutation({
    mutationFn: (id: number) => fetchData(lists.removeList, { params: { id } }),
    onSuccess: changed,
  });
}

const conflictsKey = (id: number) => queryKeyOf(offline.conflicts, { params: { id } });

/** The list's open conflicts from the gates' syncs (issue 29): the console reviews them too. */
export function useListConflicts(id: number) {
  return useQuery({
    queryKey: conflictsKey(id),
    queryFn: () => fetchData(offline.conflicts, { params: { id } }),
    refetchInterval: 30_000,
  });
}

/** "Reviewed" from the console: the answer (the open conflicts left) replaces the list's. */
export function useReviewConflict(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (conflict: number) =>
      fetchData(offline.reviewConflict, { params: { id, conflict }, body: { device: await deviceId() } }),
    onSuccess: (left) => client.setQueryData(conflictsKey(id), left),
  });
}
