import { eventDayContract } from '@club/shared/contract/event-day';
import { eventMailContract as contract } from '@club/shared/contract/event-mail';
import type { TAttendeeMailInput, TAttendeeMailSend } from '@club/shared/schemas/event-mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf, queryPrefixOf } from '../../../lib/endpoint';

/** The experiences staff may write about: the gate's (from yesterday on, soonest first). */
export function useMailExperiences() {
  return useQuery({
    queryKey: queryKeyOf(eventDayContract.experiences),
    queryFn: () => fetchData(eventDayContract.experiences),
    staleTime: 60_000,
  });
}

/** The mails sent to an experience's people, newest first, with their delivery counts. */
export function useAttendeeMails(productId: number) {
  return useQuery({
    queryKey: queryKeyOf(contract.list, { params: { id: productId } }),
    queryFn: () => fetchData(contract.list, { params: { id: productId } }),
    enabled: productId > 0,
  });
}

/** One sent mail with who received it. */
export function useAttendeeMail(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf(contract.item, { params: { id: id ?? 0 } }),
    queryFn: () => fetchData(contract.item, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function usePreviewAttendeeMail() {
  return useMutation({ mutationFn: (body: TAttendeeMailInput) => fetchData(contract.preview, { body }) });
}

export function useSendAttendeeMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAttendeeMailSend) => fetchData(contract.send, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryPrefixOf(contract.list, contract.item) }),
  });
}
