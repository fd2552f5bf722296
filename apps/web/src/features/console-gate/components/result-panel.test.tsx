import type { TGateAttendee, TScanOutcome } from '@club/shared/contract/event-day';
import { SCAN_RESULTS } from '@club/shared/schemas/event-day';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import pl from '../locales/pl.json';
import { buzz } from './buzz';
import { ResultPanel } from './result-panel';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The gate's answer panel (issue 29) for every result the API gives, in both languages: the words
 * (never a raw key or placeholder), when, by whom and at which gate a ticket was let in, in Warsaw
 * time, and the actions each state offers. The browser test sees "in" and "already in" only.
 */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'pl',
    fallbackLng: 'pl',
    resources: { pl: { 'console-gate': pl }, en: { 'console-gate': en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

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

async function render(result: TScanOutcome['result'], lang: 'pl' | 'en') {
  await i18n.changeLanguage(lang);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <ResultPanel
          outcome={outcomeOf(result)}
          lang={lang}
          pending={false}
          onOverride={() => {}}
          onCheckOut={() => {}}
          onDismiss={() => {}}
        />
      </I18nextProvider>,
    ),
  );
  return container;
}

describe('the gate’s answer', () => {
  for (const lang of ['pl', 'en'] as const) {
    it(`says every result in words, never a key or a placeholder (${lang})`, async () => {
      for (const result of SCAN_RESULTS) {
        const panel = await render(result, lang);
        const text = panel.textContent ?? '';
        expect(text, result).not.toMatch(/\{\{|result\.|detail\.|undefined/);
        expect(panel.querySelector('[data-result]')?.getAttribute('data-result')).toBe(result);
        await act(async () => root?.unmount());
        document.body.innerHTML = '';
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
      await act(async () => root?.unmount());
      document.body.innerHTML = '';
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
