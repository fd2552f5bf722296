import type { TGateConflict, TOfflineList, TOfflineScan } from '@club/shared/contract/gate-offline';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The gate's storage on the device (IndexedDB through idb): the copy of each list it serves, the
 * admissions, overrides and check-outs it decided offline and has not sent yet, the conflicts it was last told of, and its own
 * random id (the server keeps each scan once per device and scan id). Nothing here is a ticket code:
 * the copy holds hashes (docs/event-day.md).
 */

export type QueuedScan = TOfflineScan & { list_id: number };
export type StoredCopy = { list_id: number; copy: TOfflineList };

interface GateDb extends DBSchema {
  copies: { key: number; value: StoredCopy };
  queue: { key: string; value: QueuedScan; indexes: { list: number } };
  conflicts: { key: number; value: { list_id: number; conflicts: TGateConflict[] } };
  meta: { key: string; value: string };
}

let opened: Promise<IDBPDatabase<GateDb>> | null = null;
const db = () => {
  opened ??= openDB<GateDb>('club-gate', 1, {
    upgrade(store) {
      store.createObjectStore('copies', { keyPath: 'list_id' });
      store.createObjectStore('queue', { keyPath: 'id' }).createIndex('list', 'list_id');
      store.createObjectStore('conflicts', { keyPath: 'list_id' });
      store.createObjectStore('meta');
    },
  });
  return opened;
};

const randomId = () => crypto.randomUUID().replace(/-/g, '');

/** This device's id, made once and kept. */
export async function deviceId(): Promise<string> {
  const store = await db();
  const known = await store.get('meta', 'device');
  if (known) return known;
  const made = `gate-${randomId()}`;
  await store.put('meta', made, 'device');
  return made;
}

export const newScanId = () => `scan-${randomId()}`;

export async function readCopy(listId: number): Promise<TOfflineList | null> {
  return (await (await db()).get('copies', listId))?.copy ?? null;
}

export async function writeCopy(listId: number, copy: TOfflineList): Promise<void> {
  await (await db()).put('copies', { list_id: listId, copy });
}

export async function queued(listId: number): Promise<QueuedScan[]> {
  const all = await (await db()).getAllFromIndex('queue', 'list', listId);
  return all.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Records an action decided offline (an admission, an override or a check-out) and the copy that now
 * shows its effect, together.
 */
export async function queueAction(scan: QueuedScan, copy: TOfflineList): Promise<void> {
  const tx = (await db()).transaction(['queue', 'copies'], 'readwrite');
  await Promise.all([
    tx.objectStore('queue').put(scan),
    tx.objectStore('copies').put({ list_id: scan.list_id, copy }),
    tx.done,
  ]);
}

export async function dropQueued(ids: string[]): Promise<void> {
  const tx = (await db()).transaction('queue', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

export async function readConflicts(listId: number): Promise<TGateConflict[]> {
  return (await (await db()).get('conflicts', listId))?.conflicts ?? [];
}

export async function writeConflicts(listId: number, conflicts: TGateConflict[]): Promise<void> {
  await (await db()).put('conflicts', { list_id: listId, conflicts });
}
