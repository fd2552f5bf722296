import type { TDashboard } from '@club/shared/contract/admin-dashboard';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import pl from '../locales/pl.json';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A club with nothing sold yet (a new season, a fresh installation): the browser tests cannot reach
 * it, since their database always holds other specs' sales, so the dashboard's answer is given here
 * as the API would send it for an empty club.
 */
const empty: TDashboard = {
  today: '2026-11-25',
  from: '2026-09-07',
  weeks: Array.from({ length: 12 }, (_, i) => ({
    week_start: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
    orders: 0,
    amount: 0,
  })),
  totals: { orders: 0, amount: 0 },
  experiences: [],
  seats: [],
  waiting_payment: { orders: 0, amount: 0 },
  invoice_requests: { orders: 0 },
  attendance: [],
};
vi.mock('../api/dashboard', () => ({
  useDashboard: () => ({ data: empty, isError: false, isFetching: false, isPlaceholderData: false }),
}));
const { default: DashboardPage } = await import('./dashboard');

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'pl',
    fallbackLng: 'pl',
    resources: { pl: { 'console-dashboard': pl }, en: { 'console-dashboard': en } },
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

async function render(language: 'pl' | 'en'): Promise<HTMLElement> {
  await i18n.changeLanguage(language);
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/panel/admin/dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
  return container;
}

describe('the dashboard of a club that has sold nothing yet', () => {
  it.each(['pl', 'en'] as const)(
    'says so in each panel instead of drawing empty charts (%s)',
    async (language) => {
      const page = await render(language);
      const texts = language === 'pl' ? pl : en;
      for (const message of [texts.weeks.empty, texts.experiences.empty, texts.seats.empty]) {
        expect(page.textContent).toContain(message);
      }
      // No chart is drawn; the weekly figures still list the period's weeks, each with nothing sold.
      expect(page.querySelectorAll('[role="img"]')).toHaveLength(0);
      const weeks = page.querySelector('table')!;
      expect(weeks.querySelector('caption')?.textContent).toBe(texts.weeks.caption);
      expect(weeks.querySelectorAll('tbody tr')).toHaveLength(12);
      // The tiles read zero.
      expect(page.textContent).toContain(language === 'pl' ? '0 zamówień' : '0 orders');
    },
  );
});
