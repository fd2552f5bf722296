import type { TInvoiceSummary } from '@club/shared';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import pl from '../locales/pl.json';
import { KsefStatus } from './ksef-status';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The issued list's KSeF cell for an invoice issued offline (issue 30): the state, the attempts and
 * the offline24 deadline the API gives (`offline_deadline`, tested in modules/invoices/ksef.test.ts),
 * in both languages; an accepted invoice shows its number and no deadline.
 */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'pl',
    fallbackLng: 'pl',
    resources: { pl: { 'console-invoices': pl }, en: { 'console-invoices': en } },
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

const invoice = (ksef: Partial<NonNullable<TInvoiceSummary['ksef']>>): TInvoiceSummary => ({
  id: 1,
  order_id: 42,
  kind: 'INVOICE',
  number: 'FV/2026/000001',
  corrects_number: null,
  issue_date: '2026-11-27',
  sale_date: '2026-11-27',
  gross: 1230,
  buyer_name: 'Źródło Sp. z o.o.',
  buyer_tax_number: '5260250274',
  buyer_address: ['ul. Długa 5', '31-147 Kraków'],
  ksef: {
    state: 'OFFLINE',
    number: null,
    error_code: 503,
    error_reason: 'unavailable',
    attempts: 2,
    accepted_at: null,
    xml: true,
    offline_deadline: '2026-11-30',
    ...ksef,
  },
});

async function render(lang: 'pl' | 'en', summary: TInvoiceSummary) {
  await i18n.changeLanguage(lang);
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <KsefStatus invoice={summary} />
      </I18nextProvider>,
    ),
  );
  return host;
}

describe('the KSeF cell of an invoice issued offline', () => {
  it.each([
    ['pl', 'Offline', 'Termin przesłania do KSeF (tryb offline24, art. 106nda): 30.11.2026', 'dotąd 2 próby'],
    [
      'en',
      'Offline',
      'Must reach KSeF by 30.11.2026 (offline24 mode, art. 106nda of the VAT act)',
      '2 attempts',
    ],
  ] as const)(
    'shows the state, the attempts and the deadline (%s)',
    async (lang, state, deadline, attempts) => {
      const host = await render(lang, invoice({}));
      expect(host.textContent).toContain(state);
      expect(host.querySelector('[data-testid="ksef-offline-deadline"]')?.textContent).toBe(deadline);
      expect(host.textContent).toContain(attempts);
      expect(host.textContent).not.toMatch(/\{\{|ksef\./);
    },
  );

  it.each([
    ['pl', 'Termin minął', 'art. 106nf'],
    ['en', 'Deadline passed', 'art. 106nf'],
  ] as const)('still offline after its deadline day: flagged for staff (%s)', async (lang, flag, hint) => {
    const overdue = await render(lang, invoice({ offline_deadline: '2020-01-02' }));
    const marked = overdue.querySelector('[data-testid="ksef-overdue"]');
    expect(marked?.textContent).toContain(flag);
    expect(marked?.textContent).toContain(hint);
    await act(async () => root?.unmount());
    const inTime = await render(lang, invoice({ offline_deadline: '2099-12-31' }));
    expect(inTime.querySelector('[data-testid="ksef-overdue"]')).toBeNull();
  });

  it('once accepted: the KSeF number, no deadline', async () => {
    const host = await render(
      'en',
      invoice({ state: 'ACCEPTED', number: '1234563218-20261130-0A1B2C-3D4E5F-7A', offline_deadline: null }),
    );
    expect(host.textContent).toContain('In KSeF');
    expect(host.querySelector('[data-testid="ksef-number"]')?.textContent).toBe(
      '1234563218-20261130-0A1B2C-3D4E5F-7A',
    );
    expect(host.querySelector('[data-testid="ksef-offline-deadline"]')).toBeNull();
  });
});
