import type { Browser, Page } from '@playwright/test';
import { startPayuStandIn } from '../apps/server/test/stand-ins/payu';
import { startPrzelewy24StandIn } from '../apps/server/test/stand-ins/przelewy24';
import { expect, newUser, signIn, test } from './fixtures';
import { demoExperienceOnSale, fillCart } from './support/shop';
import { freePort, type PanelInstance, startPanel } from './support/panel-instance';

/**
 * Issue 15 in the browser: a member pays through each operator's stand-in (its own payment page on
 * its own origin) and comes back to the panel's result screen, in Polish and in English; a
 * cancelled payment is then paid again. Each operator gets a panel instance of its own.
 */

const TEXT = {
  pl: {
    order: 'Zamawiam i płacę',
    confirm: 'Potwierdź',
    pay: 'Zapłać',
    cancel: 'Anuluj',
    paid: 'Dziękujemy: zamówienie jest opłacone',
    waiting: 'Zamówienie czeka na płatność',
    payAgain: 'Zapłać ponownie',
  },
  en: {
    order: 'Order and pay',
    confirm: 'Confirm',
    pay: 'Pay',
    cancel: 'Cancel',
    paid: 'Thank you: your order is paid',
    waiting: 'Your order waits for payment',
    payAgain: 'Pay again',
  },
} as const;

/** A member of this panel with one filled line of an experience on sale in the cart. */
async function memberWithCart(browser: Browser, panel: PanelInstance, lang: 'pl' | 'en'): Promise<Page> {
  const context = await browser.newContext({ baseURL: panel.url, locale: lang === 'en' ? 'en-GB' : 'pl-PL' });
  const page = await context.newPage();
  const user = await newUser(context.request, 'CUSTOMER', lang);
  await signIn(page, user, null);
  await fillCart(context.request, (await demoExperienceOnSale(context.request)).id);
  await page.goto('/panel/cart');
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  return page;
}

/** From the cart to the operator's page, and back through its pay or cancel button. */
async function orderAndPay(page: Page, lang: 'pl' | 'en', operatorUrl: string) {
  const t = TEXT[lang];
  await page.getByRole('button', { name: t.order }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`^${operatorUrl}/`));
}

const result = (page: Page) => page.getByTestId('payment-result');

for (const operator of ['przelewy24', 'payu'] as const) {
  test.describe(`paying through ${operator}`, () => {
    test.describe.configure({ mode: 'serial' });
    let panel: PanelInstance;
    let standIn: { url: string; close: () => Promise<void> };
    let p24: Awaited<ReturnType<typeof startPrzelewy24StandIn>> | null = null;

    test.beforeAll(async () => {
      test.setTimeout(150_000);
      const port = await freePort();
      if (operator === 'przelewy24') {
        p24 = await startPrzelewy24StandIn({ merchantId: 424242, apiKey: 'e2e-api-key', crc: 'e2e-crc-key' });
        standIn = p24;
        panel = await startPanel(port, {
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          PAYMENT_PROVIDER: 'przelewy24',
          P24_MERCHANT_ID: '424242',
          P24_API_KEY: 'e2e-api-key',
          P24_CRC: 'e2e-crc-key',
          P24_API_URL: standIn.url,
        });
      } else {
        standIn = await startPayuStandIn({
          posId: '300746',
          clientId: '300746',
          clientSecret: 'e2e-client-secret',
          secondKey: 'e2e-second-key',
        });
        panel = await startPanel(port, {
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          PAYMENT_PROVIDER: 'payu',
          PAYU_POS_ID: '300746',
          PAYU_CLIENT_ID: '300746',
          PAYU_CLIENT_SECRET: 'e2e-client-secret',
          PAYU_SECOND_KEY: 'e2e-second-key',
          PAYU_API_URL: standIn.url,
        });
      }
    });
    test.afterAll(async () => {
      await panel?.stop();
      await standIn?.close();
    });

    for (const lang of ['pl', 'en'] as const) {
      test(`a member pays and lands on the result screen (${lang})`, async ({ browser }) => {
        const t = TEXT[lang];
        const page = await memberWithCart(browser, panel, lang);
        // No "test payments" ribbon: this server takes real money.
        await expect(page.getByRole('note')).toHaveCount(0);
        await orderAndPay(page, lang, standIn.url);
        await page.getByRole('button', { name: t.pay, exact: true }).click();
        await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+$/);
        await expect(result(page).getByRole('heading', { name: t.paid })).toBeVisible();
        await expect(result(page).getByRole('button', { name: t.payAgain })).toHaveCount(0);
        await page.close();
      });
    }

    // Przelewy24's stand-in lets the test hold its notification back.
    if (operator === 'przelewy24')
      test('the result screen waits for the operator and turns to paid when its word comes', async ({
        browser,
      }) => {
        const t = TEXT.en;
        const page = await memberWithCart(browser, panel, 'en');
        await orderAndPay(page, 'en', standIn.url);
        const token = new URL(page.url()).pathname.split('/').pop()!;
        p24!.state.notifyOnPay = false;
        try {
          await page.getByRole('button', { name: t.pay, exact: true }).click();
        } finally {
          p24!.state.notifyOnPay = true;
        }
        await expect(result(page).getByRole('heading', { name: t.waiting })).toBeVisible();
        await expect(result(page)).toContainText('Checking the payment…');
        const trn = p24!.transactions.get(token)!;
        await p24!.notify(trn.urlStatus, p24!.notificationOf(trn));
        // No reload: the screen asks again by itself.
        await expect(result(page).getByRole('heading', { name: t.paid })).toBeVisible({ timeout: 10_000 });
        await page.close();
      });

    test('a cancelled payment is paid again from the result screen', async ({ browser }) => {
      const t = TEXT.pl;
      const page = await memberWithCart(browser, panel, 'pl');
      await orderAndPay(page, 'pl', standIn.url);
      await page.getByRole('button', { name: t.cancel, exact: true }).click();
      await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+/);
      await expect(result(page).getByRole('heading', { name: t.waiting })).toBeVisible();
      await result(page).getByRole('button', { name: t.payAgain }).click();
      await expect(page).toHaveURL(new RegExp(`^${standIn.url}/`));
      await page.getByRole('button', { name: t.pay, exact: true }).click();
      await expect(result(page).getByRole('heading', { name: t.paid })).toBeVisible();
      await page.goto('/panel/account/shopping-history');
      await expect(
        page.getByRole('region', { name: 'Historia zakupów' }).getByRole('listitem').first(),
      ).toContainText('Opłacone');
      await page.close();
    });
  });
}

test('the sandbox server shows every member the "test payments" ribbon, in both languages', async ({
  page,
  request,
}) => {
  const user = await newUser(request, 'CUSTOMER', 'en');
  await signIn(page, user);
  await expect(page.getByRole('note')).toHaveText('Test payments: no money is taken');
  const pl = await newUser(request);
  await page.context().clearCookies();
  await signIn(page, pl);
  await expect(page.getByRole('note')).toHaveText('Płatności testowe: żadne pieniądze nie są pobierane');
});
