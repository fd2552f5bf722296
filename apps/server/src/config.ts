import { RATE_LIMITS } from '@club/shared/constants';
import { z } from 'zod';

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
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
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /** Key that signs sandbox payment notifications; shared by every process (derived when unset). */
    SANDBOX_PAYMENT_SECRET: z.string().min(16).optional(),
    ORDER_PAYMENT_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    MATOMO_URL: z.url().optional(),
    MATOMO_SITE_ID: z.coerce.number().int().positive().optional(),
    /** Where a visitor without a session goes: a path of this site or an http(s) address. */
    SITE_HOME_URL: z
      .string()
      .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(v), {
        message: 'a path starting with / or an http(s) URL',
      })
      .default('/panel/login'),
    LEGAL_NOTE_URL: z
      .url()
      .default('https://www.bmw.pl/pl/footer/metanavigation/legal-disclaimer-pool/imprint.html'),
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
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
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
