import type { TCheckInListDetail, TScanOutcome } from '@club/shared/contract/event-day';
import { eventDayContract } from '@club/shared/contract/event-day';
import {
  gateOfflineContract as contract,
  type TGateConflict,
  type TOfflineList,
} from '@club/shared/contract/gate-offline';
import { OFFLINE_SYNC_MAX } from '@club/shared/schemas/gate-offline';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';
import { codeHash } from './code-hash';
import {
  admitted,
  attendeeOf,
  checkedOut,
  countsOf,
  decideOffline,
  type OfflineDecision,
  ofTicket,
} from './decide';
import {
  deviceId,
  dropQueued,
  newScanId,
  type QueuedScan,
  queueAction,
  queued,
  readConflicts,
  readCopy,
  writeConflicts,
  writeCopy,
} from './store';

/** How often a gate online sends its queue and hears of conflicts; how old a copy may get before a new one. */
const SYNC_EVERY_MS = 15_000;
const COPY_FRESH_MS = 5 * 60_000;

// TanStack Query assumes the network until an offline event: a gate started without network (a
// reload, the installed app reopened) hears none, so it starts from the browser's own flag.
if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);

const subscribeOnline = (notify: () => void) => onlineManager.subscribe(notify);
const isOnline = () => onlineManager.isOnline();

/** The network as TanStack Query sees it (the browser's online and offline events). */
export const useOnline = () => useSyncExternalStore(subscribeOnline, isOnline, isOnline);

/**
 * The copy with the device's own queued actions played again in their order (a new download lacks
 * them): admissions and overrides mark the ticket in, check-outs out.
 */
async function withQueued(listId: number, copy: TOfflineList): Promise<TOfflineList> {
  let result = copy;
  for (const scan of await queued(listId)) {
    const ticket = result.tickets.find((t) => t.id === scan.ticket_id);
    if (!ticket) continue;
    if (scan.kind === 'OUT') result = checkedOut(result, scan.ticket_id);
    else if (!ticket.in_at)
      result = admitted(result, scan.ticket_id, { at: scan.at, by: null, gate: scan.gate ?? null });
  }
  return result;
}

/** A queued action as the sync sends it (the device's list id stays on the device). */
const sent = ({ id, ticket_id, at, gate, kind, reason }: QueuedScan) => ({
  id,
  ticket_id,
  at,
  gate,
  ...(kind && kind !== 'IN' ? { kind } : {}),
  ...(reason ? { reason } : {}),
});

export type OfflineGate = ReturnType<typeof useOfflineGate>;

/**
 * The gate's offline mode for one list (issue 29, docs/event-day.md): the copy on the device, its
 * freshness, the admissions waiting to be sent, the conflicts; a scan decided from the copy; the
 * queue sent when the network is back (then every 15 s, with the conflicts coming back) and the copy
 * downloaded again when it is older than five minutes. Nothing goes to the server before `ready`: a gate
 * started offline on the remembered session waits for the server to confirm it (lib/gate-session.ts).
 */
export function useOfflineGate(listId: number, staffName: string | null, ready = true) {
  const client = useQueryClient();
  const online = useOnline();
  const [copy, setCopy] = useState<TOfflineList | null>(null);
  const [pending, setPending] = useState(0);
  const [conflicts, setConflicts] = useState<TGateConflict[]>([]);
  const [busy, setBusy] = useState<'download' | 'sync' | 'review' | null>(null);
  const [failed, setFailed] = useState(false);
  const syncing = useRef(false);

  useEffect(() => {
    let live = true;
    setCopy(null);
    setPending(0);
    setConflicts([]);
    if (listId > 0) {
      void Promise.all([readCopy(listId), queued(listId), readConflicts(listId)]).then(([c, q, k]) => {
        if (!live) return;
        setCopy(c);
        setPending(q.length);
        setConflicts(k);
      });
    }
    return () => {
      live = false;
    };
  }, [listId]);

  const applyCounts = useCallback(
    async (counts: TScanOutcome['counts']) => {
      const queryKey = queryKeyOf(eventDayContract.list, { params: { id: listId } });
      // As after an act online: a read begun before would take the counts back.
      await client.cancelQueries({ queryKey });
      client.setQueryData(queryKey, (old: TCheckInListDetail | undefined) =>
        old ? { ...old, counts } : old,
      );
    },
    [client, listId],
  );

  const download = useCallback(async () => {
    if (listId === 0) return;
    setBusy('download');
    setFailed(false);
    try {
      const fresh = await withQueued(
        listId,
        await fetchData(contract.offlineList, { params: { id: listId } }),
      );
      await writeCopy(listId, fresh);
      setCopy(fresh);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }, [listId]);

  /** Sends the queue (in batches), keeps the conflicts and the counts the server gives back. */
  const sync = useCallback(async () => {
    if (listId === 0 || !ready || syncing.current || !onlineManager.isOnline()) return;
    syncing.current = true;
    setBusy((b) => b ?? 'sync');
    try {
      const device = await deviceId();
      let waiting = await queued(listId);
      do {
        const batch = waiting.slice(0, OFFLINE_SYNC_MAX);
        const answer = await fetchData(contract.sync, {
          params: { id: listId },
          body: { device, scans: batch.map(sent) },
        });
        await dropQueued(answer.results.map((r) => r.id));
        await writeConflicts(listId, answer.conflicts);
        setConflicts(answer.conflicts);
        void applyCounts(answer.counts);
        waiting = await queued(listId);
        setPending(waiting.length);
      } while (waiting.length > 0);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      syncing.current = false;
      setBusy((b) => (b === 'sync' ? null : b));
    }
  }, [listId, ready, applyCounts]);

  // Online: send the queue now and every 15 s; a copy older than five minutes is downloaded again.
  useEffect(() => {
    if (!online || !ready || listId === 0) return;
    const tick = async () => {
      await sync();
      const stored = await readCopy(listId);
      if (stored && Date.now() - Date.parse(stored.generated_at) > COPY_FRESH_MS) await download();
    };
    void tick();
    const timer = setInterval(() => void tick(), SYNC_EVERY_MS);
    return () => clearInterval(timer);
  }, [online, ready, listId, sync, download]);

  /** Records an IN decided from the copy: the ticket in on the copy and the scan queued, together. */
  const record = useCallback(
    async (current: TOfflineList, decision: OfflineDecision, gate: string | null): Promise<TScanOutcome> => {
      if (decision.outcome.result !== 'IN' || !decision.ticket) return decision.outcome;
      const at = new Date().toISOString();
      const next = admitted(current, decision.ticket.id, { at, by: staffName, gate });
      await queueAction({ id: newScanId(), list_id: listId, ticket_id: decision.ticket.id, at, gate }, next);
      setCopy(next);
      setPending((n) => n + 1);
      const inNow = next.tickets.find((t) => t.id === decision.ticket!.id)!;
      return { ...decision.outcome, attendee: attendeeOf(next, inNow), counts: countsOf(next) };
    },
    [listId, staffName],
  );

  const currentCopy = useCallback(async () => {
    const current = (await readCopy(listId)) ?? copy;
    if (!current) throw new Error('No offline copy of this list');
    return current;
  }, [listId, copy]);

  /** A code read at the gate, decided from the copy; an IN is recorded and queued at once. */
  const scan = useCallback(
    async (raw: string, gate: string | null): Promise<TScanOutcome> => {
      const current = await currentCopy();
      const code = raw.replace(/\s+/g, '');
      return record(current, decideOffline(current, code, await codeHash(code)), gate);
    },
    [currentCopy, record],
  );

  /** A person found by the search over the copy, let in by their ticket: the same answers as a scan. */
  const admit = useCallback(
    async (ticketId: number, gate: string | null): Promise<TScanOutcome> => {
      const current = await currentCopy();
      const ticket = current.tickets.find((t) => t.id === ticketId);
      if (!ticket) throw new Error('No such ticket in the offline copy');
      return record(current, ofTicket(current, ticket), gate);
    },
    [currentCopy, record],
  );

  /**
   * An override or a check-out decided on the copy: the copy changed and the action queued together,
   * answered as the server would (the ticket in, or out).
   */
  const queueOnCopy = useCallback(
    async (
      ticketId: number,
      gate: string | null,
      action: { kind: 'OVERRIDE'; reason: string } | { kind: 'OUT' },
    ): Promise<TScanOutcome> => {
      const current = await currentCopy();
      if (!current.tickets.some((t) => t.id === ticketId))
        throw new Error('No such ticket in the offline copy');
      const at = new Date().toISOString();
      const next =
        action.kind === 'OUT'
          ? checkedOut(current, ticketId)
          : admitted(current, ticketId, { at, by: staffName, gate });
      await queueAction({ id: newScanId(), list_id: listId, ticket_id: ticketId, at, gate, ...action }, next);
      setCopy(next);
      setPending((n) => n + 1);
      const ticket = next.tickets.find((t) => t.id === ticketId)!;
      return {
        result: action.kind === 'OUT' ? 'OUT' : 'IN',
        attendee: attendeeOf(next, ticket),
        other_experience: null,
        counts: countsOf(next),
      };
    },
    [currentCopy, listId, staffName],
  );

  /**
   * A refused ticket let in offline after the staff member confirmed with a reason: in on the copy,
   * queued as an override (the server audits it when it arrives).
   */
  const override = useCallback(
    (ticketId: number, gate: string | null, reason: string) =>
      queueOnCopy(ticketId, gate, { kind: 'OVERRIDE', reason }),
    [queueOnCopy],
  );

  /** A person checked out offline (on a list that keeps check-outs): out on the copy, queued. */
  const checkOut = useCallback(
    (ticketId: number, gate: string | null) => queueOnCopy(ticketId, gate, { kind: 'OUT' }),
    [queueOnCopy],
  );

  const review = useCallback(
    async (conflictId: number) => {
      setBusy('review');
      try {
        const left = await fetchData(contract.reviewConflict, {
          params: { id: listId, conflict: conflictId },
          body: { device: await deviceId() },
        });
        await writeConflicts(listId, left);
        setConflicts(left);
      } finally {
        setBusy(null);
      }
    },
    [listId],
  );

  return {
    online,
    copy,
    pending,
    conflicts,
    busy,
    failed,
    download,
    sync,
    scan,
    admit,
    override,
    checkOut,
    review,
  };
}
