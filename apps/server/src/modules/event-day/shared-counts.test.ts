import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { type ListRow, sharedListCounts } from './lists';

/**
 * The gates' shared count (issue 29): callers at the same instant share one count, and a caller is
 * never answered by a count that began before it asked (its own scan would be missing from it).
 * A stand-in database whose counts the test ends by hand.
 */
function standInDb() {
  const pending: { resolve: (rows: unknown) => void; reject: (e: Error) => void }[] = [];
  const db = {
    execute: () =>
      new Promise((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  } as unknown as Db;
  const end = async (n: number, inNow: number) => {
    pending[n]!.resolve({ rows: [{ expected: 10, in_now: inNow, not_yet: 10 - inNow }] });
    await new Promise((r) => setImmediate(r));
  };
  return { db, pending, end };
}

const list: ListRow = { id: 7, productId: 3, name: null, isDefault: true, allowsCheckOut: false };

describe('sharedListCounts', () => {
  it('callers during a count share the next one, which begins once it ends', async () => {
    const { db, pending, end } = standInDb();
    const first = sharedListCounts(db, list);
    expect(pending).toHaveLength(1);
    const second = sharedListCounts(db, list);
    const third = sharedListCounts(db, list);
    // Queued, not joined to the running count, and not begun while it runs.
    expect(pending).toHaveLength(1);
    await end(0, 1);
    expect(await first).toEqual({ expected: 10, in: 1, not_yet: 9 });
    expect(pending).toHaveLength(2);
    await end(1, 3);
    expect(await second).toEqual({ expected: 10, in: 3, not_yet: 7 });
    expect(await third).toEqual({ expected: 10, in: 3, not_yet: 7 });
    // Idle again: the next caller begins its own count at once.
    const fourth = sharedListCounts(db, list);
    expect(pending).toHaveLength(3);
    await end(2, 4);
    expect((await fourth).in).toBe(4);
  });

  it('a failed count fails its own callers only; the queued ones still get theirs', async () => {
    const { db, pending, end } = standInDb();
    const first = sharedListCounts(db, list);
    const second = sharedListCounts(db, list);
    pending[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await new Promise((r) => setImmediate(r));
    expect(pending).toHaveLength(2);
    await end(1, 2);
    expect((await second).in).toBe(2);
  });

  it('keeps lists and databases apart', async () => {
    const a = standInDb();
    const b = standInDb();
    sharedListCounts(a.db, list);
    sharedListCounts(a.db, { ...list, id: 8 });
    sharedListCounts(b.db, list);
    expect([a.pending.length, b.pending.length]).toEqual([2, 1]);
  });
});
