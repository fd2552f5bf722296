import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, type TestApp } from '../../../test/helpers';
import { memberWithCart, orderRow } from '../../../test/payment-test-kit';
import { loadConfig } from '../../config';
import { installationSecrets } from '../../db/schema';
import { withSiteConfig } from '../../plugins/static';
import { sandboxProvider } from './sandbox-provider';

/** A real installation seals identity numbers under a key of its own (docs/privacy.md). */
const PII_KEY = `live-1:${randomBytes(32).toString('base64')}`;

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to fail');
};

describe('payment configuration is checked at start, naming what is missing', () => {
  it('Przelewy24 and PayU name each missing credential and never echo a given one', () => {
    const p24 = fails({ PAYMENT_PROVIDER: 'przelewy24', P24_API_KEY: 'given-secret-value' });
    expect(p24).toMatch(/P24_MERCHANT_ID: is required with PAYMENT_PROVIDER=przelewy24/);
    expect(p24).toMatch(/P24_CRC: is required/);
    expect(p24).not.toMatch(/P24_API_KEY/);
    expect(p24).not.toContain('given-secret-value');
    const payu = fails({ PAYMENT_PROVIDER: 'payu', PAYU_CLIENT_SECRET: 'given-secret-value' });
    for (const name of ['PAYU_POS_ID', 'PAYU_CLIENT_ID', 'PAYU_SECOND_KEY'])
      expect(payu).toContain(`${name}: is required`);
    expect(payu).not.toContain('given-secret-value');
    expect(fails({ PAYMENT_PROVIDER: 'stripe' })).toMatch(/PAYMENT_PROVIDER: /);
    const ok = loadConfig({
      PAYMENT_PROVIDER: 'przelewy24',
      P24_MERCHANT_ID: '1234',
      P24_API_KEY: 'k',
      P24_CRC: 'c',
      NODE_ENV: 'production',
      SEED: 'none',
      PII_KEY,
      ...{ KSEF_ENV: 'production', KSEF_TOKEN: '20260203-EC-0123456789-ABCDEF0123-45|nip-1234563218|secret' },
    });
    expect(ok).toMatchObject({ P24_POS_ID: 1234, P24_API_URL: 'https://secure.przelewy24.pl' });
  });

  it('the sandbox is refused for a real installation unless the loud opt-in is set', () => {
    expect(fails({ NODE_ENV: 'production', SEED: 'none' })).toMatch(
      /PAYMENT_PROVIDER: sandbox takes no money.*ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=1/,
    );
    expect(fails({ SEED: 'none' })).toMatch(/PAYMENT_PROVIDER: sandbox takes no money/);
    expect(
      loadConfig({ SEED: 'none', NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: '1', PII_KEY })
        .PAYMENT_PROVIDER,
    ).toBe('sandbox');
    // The README's quick start (`npm start`: production mode, demo data): no set-up at all.
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('the panel is told to show the "test payments" ribbon only on the sandbox', () => {
    const base = { SITE_HOME_URL: '/panel/login', LEGAL_NOTE_URL: 'https://x.example/' };
    const head = '<html><head></head></html>';
    expect(withSiteConfig(head, { ...base, PAYMENT_PROVIDER: 'sandbox' })).toContain(
      '<meta name="club-test-payments" content="1" />',
    );
    expect(withSiteConfig(head, { ...base, PAYMENT_PROVIDER: 'payu' })).not.toContain('club-test-payments');
  });
});

describe('the sandbox key is random per installation, never derived from configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is made once and kept in the database; a notification signed with a guessable key is refused', async () => {
    const provider = await sandboxProvider(t.app);
    const rows = await t.app.db.select().from(installationSecrets);
    // One sandbox key (the outbox's link key, 'mail-links', lives in the same table since issue 28).
    const sandbox = rows.filter((r) => r.name === 'sandbox-payments');
    expect(sandbox).toHaveLength(1);
    expect(sandbox[0]!.value).toMatch(/^[\w-]{43}$/);
    const { api } = await memberWithCart(t);
    const placed = (await api.post('/sales/cart/order', {})).json().data;
    const ref = (await orderRow(t, placed.order_id)).paymentRef!;
    // The key the sandbox used to derive from where the database is: an attacker can guess it.
    const guessable = createHash('sha256')
      .update(`sandbox-payments|${t.app.config.DATABASE_URL ?? t.app.config.DATA_DIR}`)
      .digest('hex');
    for (const key of [guessable, 'x'.repeat(16)]) {
      const body = { event_id: 'forged', ref, status: 'PAID', amount_grosze: 150_000, currency: 'PLN' };
      const signature = createHmac('sha256', key)
        .update(`${body.event_id}|${body.ref}|${body.status}|${body.amount_grosze}|${body.currency}`)
        .digest('hex');
      const res = await t.app.inject({
        method: 'POST',
        url: '/panel/api/v1/payments/notify/sandbox',
        payload: { ...body, signature },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await orderRow(t, placed.order_id)).status).toBe('WAITING_PAYMENT');
    const genuine = await t.app.inject({
      method: 'POST',
      url: '/panel/api/v1/payments/notify/sandbox',
      payload: provider.signNotification({ eventId: 'real', ref, status: 'PAID', amountGrosze: 150_000 }),
    });
    expect(genuine.json().data.result).toBe('paid');
  });

  it.skipIf(DB_KIND !== 'postgres')('a second process over the same database uses the same key', async () => {
    const second = await createTestApp({ sameDatabaseAs: t });
    try {
      const { api } = await memberWithCart(second);
      const placed = (await api.post('/sales/cart/order', {})).json().data;
      const ref = (await orderRow(t, placed.order_id)).paymentRef!;
      const signedByFirst = (await sandboxProvider(t.app)).signNotification({
        eventId: 'cross',
        ref,
        status: 'PAID',
        amountGrosze: 150_000,
      });
      const res = await second.app.inject({
        method: 'POST',
        url: '/panel/api/v1/payments/notify/sandbox',
        payload: signedByFirst,
      });
      expect(res.json().data.result).toBe('paid');
    } finally {
      await second.close();
    }
  });

  it('a real provider turns the sandbox page off', async () => {
    const other = await createTestApp({
      seed: false,
      env: {
        PAYMENT_PROVIDER: 'payu',
        PAYU_POS_ID: '1',
        PAYU_CLIENT_ID: 'a',
        PAYU_CLIENT_SECRET: 'b',
        PAYU_SECOND_KEY: 'c',
      },
    });
    try {
      const page = await other.app.inject({ method: 'GET', url: '/panel/payments/sandbox/some-ref-1234' });
      expect(page.statusCode).toBe(404);
      const notify = await other.app.inject({
        method: 'POST',
        url: '/panel/api/v1/payments/notify/sandbox',
        payload: { ref: 'x' },
      });
      expect(notify.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
