import { adminOrdersContract as contract, type TDeskOrder } from '@club/shared/contract/admin-orders';
import { pathWith } from '@club/shared/contract/paths';
import type {
  TCancelOrder,
  TDeskOrderListQuery,
  TMarkPaid,
  TRefundOrder,
  TSeatBoardQuery,
} from '@club/shared/schemas/admin-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KSEF_FOLLOW_MS } from '../../../config/console';
import { API_BASE } from '../../../lib/api-client';
import { fetchData, queryKeyOf, queryPrefixOf, pageQueryOf } from '../../../lib/endpoint';

/** Every request of the sales desk's screens, derived from the shared contract. */

export function useDeskOrders(query: TDeskOrderListQuery) {
  return useQuery(pageQueryOf(contract.list, { query }));
}

export function useDeskOptions() {
  return useQuery({
    queryKey: queryKeyOf(contract.options),
    queryFn: () => fetchData(contract.options),
    staleTime: 60_000,
  });
}

const orderKey = (id: number) => queryKeyOf(contract.item, { params: { id } });

export function useDeskOrder(id: number) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: () => fetchData(contract.item, { params: { id } }),
    enabled: id > 0,
    // An invoice or correction of the order waiting for KSeF (a refund's correction, typically): the
    // page follows it to its KSeF number or refusal, as the issued invoices' list does.
    refetchInterval: (q) =>
      q.state.data?.invoices.some((i) => i.ksef_state === 'WAITING' || i.ksef_state === 'OFFLINE')
        ? KSEF_FOLLOW_MS
        : false,
  });
}

export type DeskAction =
  | { kind: 'markPaid'; body: TMarkPaid }
  | { kind: 'cancel'; body: TCancelOrder }
  | { kind: 'refund'; body: TRefundOrder };

/** An action on one order: the order takes the server's answer; lists and the seat board are read again. */
export function useDeskAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: DeskAction) => {
      const params = { id };
      if (action.kind === 'markPaid') return fetchData(contract.markPaid, { params, body: action.body });
      if (action.kind === 'cancel') return fetchData(contract.cancel, { params, body: action.body });
      return fetchData(contract.refund, { params, body: action.body });
    },
    onSuccess: (order: TDeskOrder) => {
      client.setQueryData(orderKey(id), order);
      void client.invalidateQueries({ queryKey: queryKeyOf(contract.list) });
      void client.invalidateQueries({ queryKey: queryPrefixOf(contract.seats, contract.seatItem) });
    },
  });
}

export function useSeatBoard(query: TSeatBoardQuery) {
  return useQuery(pageQueryOf(contract.seats, { query }));
}

export function useSeatItem(id: number, page: number) {
  const request = { params: { id }, query: { page } };
  return useQuery({
    queryKey: queryKeyOf(contract.seatItem, request),
    queryFn: () => fetchData(contract.seatItem, request),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** The attendee list's CSV: a plain download link (the session cookie goes with it). */
export const attendeesCsvHref = (id: number) => `${API_BASE}${pathWith(contract.attendeesCsv.path, { id })}`;

/** An experience's waiting list: who holds a seat and who is in line (docs/waiting-list.md). */
export function useWaitingList(id: number) {
  const request = { params: { id } };
  return useQuery({
    queryKey: queryKeyOf(contract.waitingList, request),
    queryFn: () => fetchData(contract.waitingList, request),
    enabled: id > 0,
  });
}

export type WaitingListAction = { kind: 'passOn'; offerId: number } | { kind: 'remove'; userId: number };

/** Passes a held seat on or takes a member off the line; the list takes the answer, the board is read again. */
export function useWaitingListAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: WaitingListAction) =>
      action.kind === 'passOn'
        ? fetchData(contract.passOffer, { params: { id, offerId: action.offerId } })
        : fetchData(contract.removeFromList, { params: { id, userId: action.userId } }),
    onSuccess: (list) => {
      client.setQueryData(queryKeyOf(contract.waitingList, { params: { id } }), list);
      void client.invalidateQueries({ queryKey: queryPrefixOf(contract.seats, contract.seatItem) });
    },
    onError: () => {
      // Someone else acted meanwhile: show the list as it is now.
      void client.invalidateQueries({ queryKey: queryKeyOf(contract.waitingList, { params: { id } }) });
    },
  });
}
