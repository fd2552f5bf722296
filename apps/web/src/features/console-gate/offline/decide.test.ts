import { createHash } from 'node:crypto';
import type { TOfflineList, TOfflineTicket } from '@club/shared/contract/gate-offline';
import { describe, expect, it } from 'vitest';
import { codeHash } from './code-hash';
import { admitted, countsOf, decideOffline, ofTicket, searchOffline } from './decide';

/**
 * The offline gate decides from its copy as the server does (event-day/gate.ts): every answer, the
 * club card, and the hash it computes is the server's (event-day/offline.ts `codeHash`).
 */
const serverHash = (code: string) =>
  createHash('sha256').update(code).digest().subarray(0, 16).toString('base64url');

const ticket = (over: Partial<TOfflineTicket> & { id: number; code: string }): TOfflineTicket => ({
  hash: serverHash(over.code),
  name: 'Jan',
  surname: 'Kowalski',
  seat: 0,
  order_id: 100,
  line: 10,
  card_number: null,
  status: 'VALID',
  paid: true,
  in_at: null,
  in_by: null,
  in_gate: null,
  ...over,
});

const copy: TOfflineList = {
  list: { id: 1, name: null, is_default: true, allows_check_out: false },
  experience: { id: 5, name: 'Tor Poznań', start_date: '2026-11-29' },
  generated_at: '2026-11-28T17:42:00.000Z',
  tickets: [
    ticket({ id: 1, code: 'member-code-aaaaaaaaaaaaaaaaaaaa', card_number: 'EC-0001' }),
    ticket({
      id: 2,
      code: 'guest-code-bbbbbbbbbbbbbbbbbbbbbb',
      seat: 1,
      name: 'Łucja',
      surname: 'Świętochowska',
    }),
    ticket({ id: 3, code: 'void-code-cccccccccccccccccccccc', status: 'VOID', line: 11, order_id: 101 }),
    ticket({ id: 4, code: 'unpaid-code-dddddddddddddddddddd', paid: false, line: 12, order_id: 102 }),
    ticket({
      id: 5,
      code: 'inside-code-eeeeeeeeeeeeeeeeeeee',
      line: 13,
      order_id: 103,
      in_at: '2026-11-28T17:40:00.000Z',
      in_by: 'Marta Nowak',
      in_gate: 'Brama 2',
    }),
  ],
  others: [{ name: 'Kolacja w Sopocie', hashes: [serverHash('other-code-ffffffffffffffffffff')] }],
  unpaid_cards: ['EC-0009'],
};

const decide = async (code: string) => decideOffline(copy, code, await codeHash(code));

describe('the offline gate', () => {
  it('hashes a code as the server does, spaces of a typed code left out', async () => {
    const code = 'member-code-aaaaaaaaaaaaaaaaaaaa';
    expect(await codeHash(code)).toBe(serverHash(code));
    expect(await codeHash('memb er-c ode-aaaa aaaaaaaaaaaaaaaa')).toBe(serverHash(code));
  });

  it('gives every answer of the server from the copy', async () => {
    const member = await decide('member-code-aaaaaaaaaaaaaaaaaaaa');
    expect(member.outcome.result).toBe('IN');
    expect(member.outcome.attendee).toMatchObject({
      ticket_id: 1,
      is_member: true,
      party: ['Łucja Świętochowska'],
    });
    expect((await decide('void-code-cccccccccccccccccccccc')).outcome.result).toBe('VOID');
    expect((await decide('unpaid-code-dddddddddddddddddddd')).outcome.result).toBe('NOT_PAID');
    const inside = await decide('inside-code-eeeeeeeeeeeeeeeeeeee');
    expect(inside.outcome.result).toBe('ALREADY_IN');
    expect(inside.outcome.attendee?.check_in).toMatchObject({ by: 'Marta Nowak', gate: 'Brama 2' });
    const other = await decide('other-code-ffffffffffffffffffff');
    expect(other.outcome).toMatchObject({
      result: 'OTHER_EXPERIENCE',
      other_experience: 'Kolacja w Sopocie',
    });
    expect((await decide('nothing-like-this')).outcome).toMatchObject({ result: 'UNKNOWN', attendee: null });
  });

  it("finds a club card's own ticket, or says its booking waits for payment", async () => {
    expect((await decide('ec-0001')).outcome.attendee?.ticket_id).toBe(1);
    expect((await decide('EC-0009')).outcome).toMatchObject({ result: 'NOT_PAID', attendee: null });
  });

  it('counts as the server does and shows a ticket let in here as in', async () => {
    expect(countsOf(copy)).toEqual({ expected: 4, in: 1, not_yet: 3 });
    const after = admitted(copy, 1, { at: '2026-11-28T18:00:00.000Z', by: 'Ja', gate: 'A' });
    expect(countsOf(after)).toEqual({ expected: 4, in: 2, not_yet: 2 });
    const again = decideOffline(after, 'x', serverHash('member-code-aaaaaaaaaaaaaaaaaaaa'));
    expect(again.outcome.result).toBe('ALREADY_IN');
    expect(again.outcome.attendee?.check_in).toMatchObject({ gate: 'A', by: 'Ja' });
  });

  it('searches the copy as the server does: order number, club card (the whole booking), surname start', () => {
    const ids = (q: string) => searchOffline(copy, q).map((a) => a.ticket_id);
    expect(ids('#101')).toEqual([3]);
    expect(ids('100')).toEqual([1, 2]);
    expect(ids('ec-0001')).toEqual([1, 2]);
    expect(ids('świę')).toEqual([2]);
    expect(ids('kow')).toEqual([1, 3, 4, 5]);
    expect(ids('k')).toEqual([]);
    expect(ids('nobody')).toEqual([]);
  });

  it('lets a found person in by their ticket with the same answers as a scan', () => {
    expect(ofTicket(copy, copy.tickets[1]!).outcome.result).toBe('IN');
    expect(ofTicket(copy, copy.tickets[2]!).outcome.result).toBe('VOID');
    expect(ofTicket(copy, copy.tickets[4]!).outcome.result).toBe('ALREADY_IN');
  });
});
