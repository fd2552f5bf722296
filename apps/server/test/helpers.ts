import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { auditLog } from '../src/db/schema';
import { TOTP_PERIOD_S, totpCode } from '../src/lib/totp';
import { issueUserToken } from '../src/lib/user-tokens';
import { createTestUser } from '../src/modules/testing/create-test-user';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seed/accounts';
import { adminQuery, databaseUrlOf } from './postgres-global-setup';
import { prepareTemplate } from './template-databases';

export const DB_KIND = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
export { DEMO_PASSWORD };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl?: string;
  close: () => Promise<void>;
};

/** The origin of Fastify's `inject` (it sends `Host: localhost:80`). */
export const INJECT_ORIGIN = 'http://localhost';

/**
 * The test app's address is inject's, so the canonical-host check (plugins/canonical-host.ts) stays
 * on for every API test. A test that names another PUBLIC_URL for its links (https://club.example.com)
 * while injecting gets the check off, unless it sets CANONICAL_HOST itself (docs/deploying.md).
 */
function canonicalHostOf(env: Record<string, string> = {}): Record<string, string> {
  if (!env.PUBLIC_URL) return { PUBLIC_URL: INJECT_ORIGIN, CANONICAL_HOST: 'on' };
  return { CANONICAL_HOST: new URL(env.PUBLIC_URL).host === 'localhost' ? 'on' : 'off' };
}

/**
 * For a test that listens on 127.0.0.1 at a random port and calls the app over HTTP: no PUBLIC_URL
 * can name that address beforehand, so the canonical-host check is off there.
 */
export const LISTENING = { CANONICAL_HOST: 'off' } as const;

/**
 * A whole app over a throwaway database: in-memory PGlite, or a fresh PostgreSQL database that is
 * dropped afterwards. Seeded with the demo data unless `seed: false`.
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    sameDatabaseAs?: TestApp;
    /** Collects the app's log lines (JSON) instead of dropping them. */
    logs?: string[];
  } = {},
): Promise<TestApp> {
  let databaseUrl: string | undefined = opts.sameDatabaseAs?.databaseUrl;
  let dropDatabase = async () => {};
  // A second app (a second process) over the first one's PostgreSQL database: already migrated and
  // seeded, dropped by the first one's close().
  if (opts.sameDatabaseAs && !databaseUrl) throw new Error('sameDatabaseAs needs PostgreSQL');
  // The run's template (test/template-databases.ts): migrated, seeded (the demo unless seed: false)
  // and with each table's ids in a range of its own, built once by the project's globalSetup.
  const template = inject('testTemplates')?.[opts.seed === false ? 'bare' : 'demo'];
  if (DB_KIND === 'postgres' && !opts.sameDatabaseAs) {
    const name = `club_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
    databaseUrl = databaseUrlOf(name);
    dropDatabase = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PGLITE_MEMORY: '1',
    // The background jobs a test does not ask for stay still, so that nothing writes behind a test's
    // back (the body fuzzing watches every table); a test runs them itself (runRetention, sendDueReminders).
    RETENTION_INTERVAL_MINUTES: '0',
    REMINDER_INTERVAL_MINUTES: '0',
    DATA_DIR: process.env.TEST_DATA_DIR ?? './data/test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...canonicalHostOf(opts.env),
    ...opts.env,
  });
  const loadDataDir = DB_KIND === 'pglite' && template ? await snapshotOf(template) : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: config.DATA_DIR, inMemory: true, loadDataDir });
  if (!opts.sameDatabaseAs && !template) {
    // Without the globalSetup (a config that does not declare it): build the template in place.
    await prepareTemplate(database, opts.seed === false ? 'bare' : 'demo');
  }
  const logs = opts.logs;
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(logs ? { logStream: { write: (line: string) => void logs.push(line) } } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/** The PGlite snapshot files, read once per worker. */
const snapshots = new Map<string, Promise<Blob>>();
function snapshotOf(file: string): Promise<Blob> {
  let blob = snapshots.get(file);
  if (!blob) {
    blob = readFile(file).then((bytes) => new Blob([bytes]));
    snapshots.set(file, blob);
  }
  return blob;
}

/** True when the PostgreSQL project runs without a reachable server (outside CI). */
/**
 * A write made elsewhere (SQL by hand, another process) reaches this process's caches through NOTIFY
 * (db/listener.ts): on PGlite before the write returns, so `check` must hold at once; on PostgreSQL
 * milliseconds after the commit, so it is given up to `ms` to hold. Fails when it never does.
 */
export async function afterNotify(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const deadline = Date.now() + (DB_KIND === 'postgres' ? ms : 0);
  while (!(await check())) {
    if (Date.now() >= deadline) throw new Error('the change was not seen (NOTIFY never arrived?)');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const skipIfNoDatabase = DB_KIND === 'postgres' && process.env.SKIP_POSTGRES === '1';

export type Json = Record<string, unknown> & {
  success?: boolean;
  data?: unknown;
  errors?: Record<string, string[]>;
};

/** The last TOTP step each secret signed in with: a code is accepted once (lib/totp.ts). */
const lastStepOf = new Map<string, number>();

/**
 * A code of `secret` the server accepts now: the current step's, or the next step's when this process
 * already used the current one (a fresh session of the same staff account within 30 seconds).
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);
  let step = Math.max(now, (lastStepOf.get(secret) ?? -1) + 1);
  if (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * TOTP_PERIOD_S * 1000 - Date.now() + 50));
    step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);
  }
  lastStepOf.set(secret, step);
  return totpCode(secret, new Date(step * TOTP_PERIOD_S * 1000));
}

export type TestAccount = { id: number; email: string; password: string; totpSecret: string | null };

/** A signed-in browser: keeps the cookie, sends the CSRF header unless told not to. */
export class Client {
  cookie = '';
  csrf = '';
  /** The account a helper (staffClient) signed in with. */
  account?: TestAccount;
  constructor(private readonly app: FastifyInstance) {}

  /**
   * A staff sign-in through the real steps: the password (which answers with the second-factor
   * step), then the authenticator's code computed from the account's secret. Returns the last answer.
   */
  async loginStaff(email: string, password: string, totpSecret: string): Promise<LightMyRequestResponse> {
    const first = await this.request('POST', '/auth/login', { email, password });
    if (first.statusCode !== 202) return first;
    const step = (first.json() as { data: { second_factor?: string; challenge?: string } }).data;
    if (step.second_factor !== 'CODE') throw new Error(`expected the second-factor step, got ${first.body}`);
    const res = await this.request('POST', '/auth/second-factor', {
      challenge: step.challenge,
      code: await nextTotpCode(totpSecret),
    });
    if (res.statusCode === 200) this.csrf = (res.json() as { data: { csrf_token: string } }).data.csrf_token;
    return res;
  }

  async login(email: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
    const res = await this.request('POST', '/auth/login', { email, password });
    if (res.statusCode === 200) this.csrf = (res.json() as { data: { csrf_token: string } }).data.csrf_token;
    return res;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrf && opts.csrf !== false) headers['x-csrf-token'] = this.csrf;
    const res = await this.app.inject({
      method,
      url: path.startsWith('/panel') ? path : `/panel/api/v1${path}`,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = c.split(';')[0]!;
      if (pair.includes('club_session='))
        this.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c) ? '' : pair;
    }
    return res;
  }

  get = (path: string, opts?: { csrf?: boolean; headers?: Record<string, string> }) =>
    this.request('GET', path, undefined, opts);
  post = (path: string, body?: unknown, opts?: { csrf?: boolean; headers?: Record<string, string> }) =>
    this.request('POST', path, body ?? {}, opts);
}

/** Creates a signed-in client for a fresh user through the test-support route. */
export async function signedInAs(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Client> {
  const client = new Client(app);
  const res = await client.login(email, password);
  if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
  return client;
}

/**
 * A signed-in staff member (a brand-new OPERATOR or ADMIN with an enrolled second factor), through the
 * real sign-in with a TOTP code: `const admin = await staffClient(t.app, 'ADMIN')`; the account is
 * `admin.account` (id, email, password, totpSecret).
 */
export async function staffClient(
  app: FastifyInstance,
  type: 'OPERATOR' | 'ADMIN' = 'OPERATOR',
  opts: { language?: 'pl' | 'en' } = {},
): Promise<Client> {
  const account = await createTestUser(app.db, { type, language: opts.language ?? 'pl' });
  const client = new Client(app);
  const res = await client.loginStaff(account.email, account.password, account.totpSecret!);
  if (res.statusCode !== 200)
    throw new Error(`staff sign-in as ${type} failed: ${res.statusCode} ${res.body}`);
  client.account = account;
  return client;
}

/**
 * A staff account's first enrolment step, as only its owner can get it: a password reset link (the
 * token issued here, as the mailed link carries it) sets the password and answers 202 with the step.
 */
export async function enrolmentByResetLink(
  app: FastifyInstance,
  client: Client,
  user: { id: number; password: string },
): Promise<{ second_factor: 'CODE' | 'ENROL'; challenge: string }> {
  const token = await app.db.transaction((tx) =>
    issueUserToken(tx, user.id, 'RESET_PASSWORD', 60 * 60 * 1000),
  );
  const res = await client.post(
    '/auth/reset-password',
    { token, password: user.password, password_confirmation: user.password },
    { csrf: false },
  );
  if (res.statusCode !== 202)
    throw new Error(`reset link gave no enrolment step: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The audit rows of one entity, newest first (to assert that a change wrote its row). */
export async function auditRows(app: FastifyInstance, entityType: string, entityId?: string | number) {
  const where =
    entityId === undefined
      ? eq(auditLog.entityType, entityType)
      : and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId)));
  return app.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id));
}

export { createTestUser } from '../src/modules/testing/create-test-user';
export { totpCode } from '../src/lib/totp';
