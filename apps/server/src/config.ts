import { RATE_LIMITS } from '@club/shared/constants';
import { z } from 'zod';
import { DEVELOPMENT_PII_KEY, PII_KEY_PATTERN } from './lib/pii-crypto';
import {
  loadOfflineCertificate,
  type OfflineCertificate,
  OfflineCertificateError,
} from './modules/ksef/offline-certificate';
import { TEST_OFFLINE_CERTIFICATE, TEST_OFFLINE_PRIVATE_KEY } from './modules/ksef/stand-in-keys';

/**
 * The address the server answers at when PUBLIC_URL is not set: the address it listens on, so the
 * defaults agree (a wildcard listen address is named localhost; an IPv6 one goes in brackets).
 */
function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The ministry's KSeF 2.0 API per environment (docs/srodowiska.md of its material). */
const KSEF_API_URLS: Partial<Record<string, string>> = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  production: 'https://api.ksef.mf.gov.pl/v2',
};

/** Where the app serves the KSeF stand-in (KSEF_ENV=stand-in, never in a real installation). */
export const KSEF_STAND_IN_PATH = '/panel/ksef-stand-in/v2';

/** The serial number of the test Offline certificate (stand-in-keys.ts), refused with KSeF itself. */
const TEST_OFFLINE_SERIAL = '4B5345464F46464C';

/**
 * The Offline certificate that signs KOD II, or null (a ministry environment without one: an
 * offline invoice's PDF then carries KOD I only). Throws `OfflineCertificateError` when it is wrong.
 */
function offlineCertificateOf(c: {
  KSEF_ENV: string;
  KSEF_OFFLINE_CERTIFICATE?: string | undefined;
  KSEF_OFFLINE_CERTIFICATE_SERIAL?: string | undefined;
  KSEF_OFFLINE_PRIVATE_KEY?: string | undefined;
  KSEF_OFFLINE_PRIVATE_KEY_PASSPHRASE?: string | undefined;
}): OfflineCertificate | null {
  const certificate = c.KSEF_OFFLINE_CERTIFICATE;
  const serialNumber = c.KSEF_OFFLINE_CERTIFICATE_SERIAL;
  const privateKey = c.KSEF_OFFLINE_PRIVATE_KEY;
  if (certificate && serialNumber)
    throw new OfflineCertificateError(
      'serial',
      'goes without KSEF_OFFLINE_CERTIFICATE: give the certificate or its serial number',
    );
  if (!privateKey) {
    if (certificate || serialNumber)
      throw new OfflineCertificateError('key', 'is required with the Offline certificate (it signs KOD II)');
    return c.KSEF_ENV === 'stand-in'
      ? loadOfflineCertificate({
          certificate: TEST_OFFLINE_CERTIFICATE,
          privateKey: TEST_OFFLINE_PRIVATE_KEY,
        })
      : null;
  }
  if (!certificate && !serialNumber)
    throw new OfflineCertificateError(
      'certificate',
      "is required with KSEF_OFFLINE_PRIVATE_KEY: the certificate (PEM) or the certificate's serial number (KSEF_OFFLINE_CERTIFICATE_SERIAL)",
    );
  const loaded = loadOfflineCertificate({
    certificate,
    serialNumber,
    privateKey,
    passphrase: c.KSEF_OFFLINE_PRIVATE_KEY_PASSPHRASE,
  });
  if (c.KSEF_ENV !== 'stand-in' && loaded.serialNumber === TEST_OFFLINE_SERIAL)
    throw new OfflineCertificateError(
      certificate ? 'certificate' : 'serial',
      "is the test certificate of the stand-in, which KSeF never issued: enrol the club's Offline certificate",
    );
  return loaded;
}

const PII_KEY_FORMAT = 'must be <key-id>:<32 bytes in base64> (openssl rand -base64 32)';

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The one address of the panel (links, cookies, payment returns); default http://HOST:PORT. */
    PUBLIC_URL: z.url().optional(),
    /**
     * 'on': a request under another host than PUBLIC_URL's is sent there (pages: 308) or refused
     * (API: 421), so the session cookie always belongs to one origin (plugins/canonical-host.ts).
     */
    CANONICAL_HOST: z
      .enum(['on', 'off'])
      .default('on')
      .transform((v) => v === 'on'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SEED: z.enum(['demo', 'none']).default('demo'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Excellence Club <club@example.com>'),
    /**
     * Key that seals the single-use links of queued mails (docs/decisions/mail-secrets.md); when
     * unset, a random one kept in the database.
     */
    MAIL_SECRET_KEY: z.string().min(16).optional(),
    /**
     * The key that seals identity numbers at rest (the dealers' PESEL; docs/privacy.md):
     * `<key-id>:<32 bytes in base64>`. Required for a real installation; unset elsewhere, a
     * development/test key that is NOT secret stands in.
     */
    PII_KEY: z.string().regex(PII_KEY_PATTERN, PII_KEY_FORMAT).optional(),
    /** Earlier keys, comma-separated, kept only while `npm run pii:rotate` re-seals under PII_KEY. */
    PII_OLD_KEYS: z
      .string()
      .refine((v) => v.split(',').every((k) => PII_KEY_PATTERN.test(k.trim())), PII_KEY_FORMAT)
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'przelewy24', 'payu']).default('sandbox'),
    /** Key that signs sandbox payment notifications; when unset, a random one kept in the database. */
    SANDBOX_PAYMENT_SECRET: z.string().min(16).optional(),
    /** The sandbox takes no money: a real installation (docs/payments.md) must opt in by this name. */
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    // Przelewy24 REST v1 (docs/payments.md): merchant id, shop id, API key (Basic auth), CRC key (signs).
    P24_MERCHANT_ID: z.coerce.number().int().positive().optional(),
    P24_POS_ID: z.coerce.number().int().positive().optional(),
    P24_API_KEY: z.string().min(1).optional(),
    P24_CRC: z.string().min(1).optional(),
    P24_API_URL: z.url().default('https://secure.przelewy24.pl'),
    // PayU REST v2.1: POS id, OAuth client id and secret, the second key (MD5) that signs notifications.
    PAYU_POS_ID: z.string().regex(/^\d+$/, 'must be the numeric POS id').optional(),
    PAYU_CLIENT_ID: z.string().min(1).optional(),
    PAYU_CLIENT_SECRET: z.string().min(1).optional(),
    PAYU_SECOND_KEY: z.string().min(1).optional(),
    PAYU_API_URL: z.url().default('https://secure.payu.com'),
    ORDER_PAYMENT_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** How long a seat freed for the waiting list is held for the member first in line (docs/waiting-list.md). */
    WAITING_LIST_HOLD_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(14 * 24)
      .default(24),
    /** How long a member's ready copy of their data can be downloaded (docs/privacy.md), in hours. */
    PRIVACY_EXPORT_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(7 * 24)
      .default(24),
    /** How often each process looks for bookings due a reminder (docs/event-day.md), in minutes; 0: only on demand (tests). */
    REMINDER_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(10),
    // Retention (docs/privacy.md "Retention"): the periods the retention job applies.
    /** How often the job runs, in minutes (its first run 5 minutes after start); 0: only on demand (tests). */
    RETENTION_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(360),
    /** Days after which a mail's body, attachments and links are emptied (the address and subject stay). */
    OUTBOX_BODY_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Months after which the audit log forgets the IP address. */
    AUDIT_ADDRESS_MONTHS: z.coerce.number().int().min(1).max(120).default(6),
    /** Days after which a customer a dealer registered who never accepted the agreements is removed. */
    DEALER_CUSTOMER_UNACCEPTED_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Years a removed member's consent history is kept as proof (art. 442¹ § 1 of the civil code: 3). */
    CONSENT_PROOF_YEARS: z.coerce.number().int().min(1).max(20).default(3),
    /** Years after the end of the invoice's tax year that a removed member's invoice data is kept (the law: 5). */
    INVOICE_RETENTION_YEARS: z.coerce.number().int().min(5).max(20).default(5),
    /** Invoice numbers restart every year (FV/2026/000123) or every month (FV/2026/11/0001). */
    INVOICE_NUMBERING: z.enum(['yearly', 'monthly']).default('yearly'),
    // The seller on every invoice (docs/invoices.md): demo values until an installation sets its own.
    INVOICE_SELLER_NAME: z.string().min(1).max(200).default('Excellence Club Demo Sp. z o.o.'),
    INVOICE_SELLER_STREET: z.string().min(1).max(200).default('ul. Żelazna 59'),
    INVOICE_SELLER_CITY: z.string().min(1).max(200).default('00-848 Warszawa'),
    INVOICE_SELLER_NIP: z
      .string()
      .regex(/^[A-Z]{0,2}[\d -]{10,13}$/, 'must be a NIP (10 digits), optionally with a country prefix')
      .default('1234563218'),
    /** Where invoices are issued (the "miejsce wystawienia"). */
    INVOICE_PLACE: z.string().min(1).max(100).default('Warszawa'),
    /**
     * KSeF, the national e-invoicing system (docs/ksef.md): the ministry's `test`, `demo` or
     * `production` environment, or the panel's own `stand-in` (development, tests, the demo; it
     * registers nothing with the tax office). The seller's NIP is INVOICE_SELLER_NIP.
     */
    KSEF_ENV: z.enum(['test', 'demo', 'production', 'stand-in']).default('stand-in'),
    /** The KSeF token the seller generated in KSeF (rights: issuing invoices); a secret. */
    KSEF_TOKEN: z.string().min(20, 'must be the KSeF token as KSeF gave it').optional(),
    /** Another address of the KSeF API (e.g. a stand-in on its own port in tests); default per KSEF_ENV. */
    KSEF_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * The seller's KSeF certificate of type Offline (docs/ksef.md, "KOD II"): PEM (`\n` may be written
     * out), or only its serial number in hex, and its private key (PEM; a passphrase if encrypted).
     * KOD II on an offline invoice's PDF is signed with it. Unset with the stand-in: a test certificate.
     */
    KSEF_OFFLINE_CERTIFICATE: z.string().optional(),
    KSEF_OFFLINE_CERTIFICATE_SERIAL: z.string().optional(),
    KSEF_OFFLINE_PRIVATE_KEY: z.string().optional(),
    KSEF_OFFLINE_PRIVATE_KEY_PASSPHRASE: z.string().optional(),
    /** How often (seconds) the worker sends waiting invoices to KSeF; 0 only on demand (tests). */
    KSEF_SEND_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
    MATOMO_URL: z.url().optional(),
    MATOMO_SITE_ID: z.coerce.number().int().positive().optional(),
    /** Where a visitor without a session goes: a path of this site or an http(s) address. */
    SITE_HOME_URL: z
      .string()
      .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(v), {
        message: 'a path starting with / or an http(s) URL',
      })
      .default('/panel/login'),
    /** The footer's legal note for members using Polish (and for English ones without LEGAL_NOTE_URL_EN). */
    LEGAL_NOTE_URL: z
      .url({ protocol: /^https?$/ })
      .default('https://www.bmw.pl/pl/footer/metanavigation/legal-disclaimer-pool/imprint.html'),
    /** The legal note for members using English (issue 28): unset, they get LEGAL_NOTE_URL. */
    LEGAL_NOTE_URL_EN: z.url({ protocol: /^https?$/ }).optional(),
    /** Sign-in attempts per IP address per 15 minutes (an office behind one NAT shares it). */
    LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(RATE_LIMITS.loginPerAddress.max),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Enables /panel/api/test/* helpers for the browser tests; refused in production. */
    TEST_SUPPORT: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    WEB_DIST: z.string().optional(),
    /**
     * Which peers may set X-Forwarded-For (the client address of the per-address rate limits):
     * 'loopback' (a reverse proxy on this machine) by default, 'false', 'true', or addresses/CIDRs
     * separated by commas. Trusting every peer would let a client pick its address.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^[\w.:/, -]+$/, 'must be true, false or addresses/CIDRs separated by commas')
      .default('loopback')
      .transform((v): boolean | string[] => {
        if (v === 'true' || v === 'false') return v === 'true';
        return v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
      }),
    PGLITE_MEMORY: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
  })
  .superRefine((c, ctx) => {
    if (c.TEST_SUPPORT && c.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_SUPPORT'],
        message: 'is not allowed with NODE_ENV=production',
      });
    }
    const required: Record<string, (keyof typeof c)[]> = {
      przelewy24: ['P24_MERCHANT_ID', 'P24_API_KEY', 'P24_CRC'],
      payu: ['PAYU_POS_ID', 'PAYU_CLIENT_ID', 'PAYU_CLIENT_SECRET', 'PAYU_SECOND_KEY'],
    };
    for (const name of required[c.PAYMENT_PROVIDER] ?? []) {
      if (c[name] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required with PAYMENT_PROVIDER=${c.PAYMENT_PROVIDER}`,
        });
    }
    // A real installation has no demo data (docs/payments.md); `npm start`'s demo runs in production mode.
    if (c.PAYMENT_PROVIDER === 'sandbox' && c.SEED === 'none' && !c.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'sandbox takes no money and is refused for a real installation (SEED=none); configure przelewy24 or payu, or set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=1 for a demo',
      });
    }
    // A real installation (SEED=none, like the sandbox rule above) never runs on the development key.
    if (c.NODE_ENV === 'production' && c.SEED === 'none') {
      if (c.PII_KEY === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['PII_KEY'],
          message:
            'is required in production: <key-id>:<32 bytes in base64> (openssl rand -base64 32), see docs/privacy.md',
        });
      else if (c.PII_KEY === DEVELOPMENT_PII_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['PII_KEY'],
          message: 'is the development key, which is not secret',
        });
    }
    const oldIds = (c.PII_OLD_KEYS ?? '').split(',').map((k) => k.split(':')[0]?.trim());
    if (c.PII_KEY && oldIds.includes(c.PII_KEY.split(':')[0])) {
      ctx.addIssue({ code: 'custom', path: ['PII_OLD_KEYS'], message: "repeats PII_KEY's key id" });
    }
    if (c.KSEF_ENV !== 'stand-in') {
      if (c.KSEF_TOKEN === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['KSEF_TOKEN'],
          message: `is required with KSEF_ENV=${c.KSEF_ENV}`,
        });
      if (!/^\d{10}$/.test(c.INVOICE_SELLER_NIP))
        ctx.addIssue({
          code: 'custom',
          path: ['INVOICE_SELLER_NIP'],
          message: "must be the seller's 10-digit NIP without a prefix or separators, as KSeF knows it",
        });
    }
    try {
      offlineCertificateOf(c);
    } catch (error) {
      if (!(error instanceof OfflineCertificateError)) throw error;
      const path = {
        key: 'KSEF_OFFLINE_PRIVATE_KEY',
        certificate: 'KSEF_OFFLINE_CERTIFICATE',
        serial: 'KSEF_OFFLINE_CERTIFICATE_SERIAL',
      }[error.part];
      ctx.addIssue({ code: 'custom', path: [path], message: error.message });
    }
    // The stand-in registers no invoice with the tax office: a real installation (SEED=none) uses
    // KSeF unless it declared itself a demo by the same opt-in as the payment sandbox.
    if (c.KSEF_ENV === 'stand-in' && c.SEED === 'none' && !c.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['KSEF_ENV'],
        message:
          'stand-in registers no invoice in KSeF and is refused for a real installation (SEED=none); set KSEF_ENV=production (or test/demo) with KSEF_TOKEN, or ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=1 for a demo',
      });
    }
    if ((c.MATOMO_URL === undefined) !== (c.MATOMO_SITE_ID === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MATOMO_SITE_ID'],
        message: 'MATOMO_URL and MATOMO_SITE_ID go together',
      });
    }
  })
  // Links are built as `${PUBLIC_URL}/panel/...`: no trailing slash.
  .transform((c) => ({
    ...c,
    PUBLIC_URL: (c.PUBLIC_URL ?? defaultPublicUrl(c.HOST, c.PORT)).replace(/\/+$/, ''),
    P24_POS_ID: c.P24_POS_ID ?? c.P24_MERCHANT_ID,
    P24_API_URL: c.P24_API_URL.replace(/\/+$/, ''),
    PAYU_API_URL: c.PAYU_API_URL.replace(/\/+$/, ''),
    KSEF_API_URL: (
      c.KSEF_API_URL ??
      KSEF_API_URLS[c.KSEF_ENV] ??
      `${(c.PUBLIC_URL ?? defaultPublicUrl(c.HOST, c.PORT)).replace(/\/+$/, '')}${KSEF_STAND_IN_PATH}`
    ).replace(/\/+$/, ''),
    KSEF_OFFLINE: offlineCertificateOf(c),
    // Every minute where KSeF is real or served by the app; in tests only when a test asks.
    KSEF_SEND_INTERVAL_SECONDS: c.KSEF_SEND_INTERVAL_SECONDS ?? (c.NODE_ENV === 'test' ? 0 : 60),
  }));

export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad variable stops the process with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Plain English messages for the operator, not the message keys the shared package installs for forms.
  const parsed = ZConfig.safeParse(cleaned, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
