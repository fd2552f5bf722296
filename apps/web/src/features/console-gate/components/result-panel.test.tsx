import type { TGateAttendee, TScanOutcome } from '@club/shared/contract/event-day';
import { SCAN_RESULTS } from '@club/shared/schemas/event-day';
import { describe, expect, it, vi } from 'vitest';
import { gateScreen } from '../test-render';
import { buzz } from './buzz';
import { ResultPanel } from './result-panel';

/**
 * The gate's answer panel (issue 29) for every result the API gives, in both languages: the words
 * (never a raw key or placeholder), when, by whom and at which gate a ticket was let in, in Warsaw
 * time, and the actions each state offers. The browser test sees "in" and "already in" only.
 */
const screen = gateScreen();

const attendee: TGateAttendee = {
  ticket_id: 7,
  name: 'Łucja',
  surname: 'Świętochowska',
  is_member: false,
  order_id: 1024,
  card_number: null,
  status: 'VALID',
  party: ['Jan Kowalski'],
  // 17:42 UTC on 28 Nov 2026 is 18:42 in Warsaw.
  check_in: {
    at: '2026-11-28T17:42:00.000Z',
    by: 'Marta Lewandowska',
    gate: 'Brama 2',
    checked_out_at: null,
    is_override: false,
  },
};
const outcomeOf = (result: TScanOutcome['result']): TScanOutcome => ({
  result,
  attendee: result === 'UNKNOWN' ? null : attendee,
  other_experience: result === 'OTHER_EXPERIENCE' ? 'Gala Excellence Club' : null,
  counts: { expected: 10, in: 3, not_yet: 7 },
});

const render = (result: TScanOutcome['result'], lang: 'pl' | 'en') =>
  screen.render(
    lang,
    <ResultPanel
      outcome={outcomeOf(result)}
      lang={lang}
      pending={false}
      onOverride={() => {}}
      onCheckOut={() => {}}
      onDismiss={() => {}}
    />,
  );

describe('the gate’s answer', () => {
  for (const lang of ['pl', 'en'] as const) {
    it(`says every result in words, never a key or a placeholder (${lang})`, async () => {
      for (const result of SCAN_RESULTS) {
        const panel = await render(result, lang);
        const text = panel.textContent ?? '';
        expect(text, result).not.toMatch(/\{\{|result\.|detail\.|undefined/);
        expect(panel.querySelector('[data-result]')?.getAttribute('data-result')).toBe(result);
        await screen.unmount();
      }
    });
  }

  it('names when (Warsaw time), by whom and at which gate a ticket was let in', async () => {
    const text = (await render('ALREADY_IN', 'pl')).textContent ?? '';
    expect(text).toContain('Już wpuszczono');
    expect(text).toContain('18:42');
    expect(text).toContain('Marta Lewandowska');
    expect(text).toContain('Brama 2');
    expect(text).toContain('Razem z: Jan Kowalski');
  });

  it('offers the override on a refusal with a ticket, the check-out on "in", neither on an unknown code', async () => {
    const buttons = async (result: TScanOutcome['result']) => {
      const panel = await render(result, 'en');
      const names = [...panel.querySelectorAll('button')].map((b) => b.textContent);
      await screen.unmount();
      return names;
    };
    expect(await buttons('IN')).toEqual(['Check out', 'Next']);
    expect(await buttons('VOID')).toEqual(['Let in anyway', 'Next']);
    expect(await buttons('ALREADY_IN')).toEqual(['Let in anyway', 'Check out', 'Next']);
    expect(await buttons('UNKNOWN')).toEqual(['Next']);
  });
});

describe('the vibration', () => {
  it('buzzes once for in and three times for a refusal, and does nothing without vibration', () => {
    const vibrate = vi.fn(() => true);
    buzz('IN', { vibrate });
    buzz('UNKNOWN', { vibrate });
    expect(vibrate.mock.calls).toEqual([[120], [[220, 90, 220, 90, 220]]]);
    expect(() => buzz('IN', {} as Navigator)).not.toThrow();
  });
});
