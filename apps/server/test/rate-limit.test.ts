import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import {
  databaseRateLimiter,
  enforceLimits,
  type RateLimiter,
  redisRateLimiter,
} from '../src/lib/rate-limit';
import { createTestApp, createTestUser, skipIfNoDatabase, type TestApp } from './helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const API = '/panel/api/v1';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await redisReachable();
if (!hasRedis)
  console.warn(`Redis is not reachable at ${REDIS_URL}: the Redis rate-limit tests are skipped.`);

const unique = (name: string) => `test:${name}:${randomBytes(6).toString('hex')}`;
/** An address of its own per test, so that runs sharing one Redis never meet. */
const randomAddress = () => `198.18.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The contract every store keeps; run against the database and Redis. */
function limiterContract(name: string, make: () => RateLimiter, opts: { skip: boolean }) {
  describe.skipIf(opts.skip)(`${name} rate-limit store`, () => {
    it('counts attempts and refuses the one over the limit, with the time left', async () => {
      const limiter = make();
      const key = unique('count');
      const limit = { max: 3, windowMs: 60_000 };
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await limiter.hit(key, limit));
      expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
      expect(hits[3]!.retryAfterSec).toBeGreaterThan(55);
      expect(hits[3]!.retryAfterSec).toBeLessThanOrEqual(60);
    });

    it('starts a new window when the old one is over', async () => {
      const limiter = make();
      const key = unique('window');
      const limit = { max: 1, windowMs: 400 };
      expect((await limiter.hit(key, limit)).allowed).toBe(true);
      expect((await limiter.hit(key, limit)).allowed).toBe(false);
      await sleep(600);
      expect((await limiter.hit(key, limit)).allowed).toBe(true);
    });

    it('release gives one attempt back, never below zero; reset forgets the key', async () => {
      const limiter = make();
      const key = unique('release');
      const limit = { max: 2, windowMs: 60_000 };
      await limiter.hit(key, limit);
      await limiter.hit(key, limit);
      await limiter.release(key);
      expect((await limiter.hit(key, limit)).allowed).toBe(true);
      expect((await limiter.hit(key, limit)).allowed).toBe(false);
      await limiter.reset(key);
      expect((await limiter.hit(key, limit)).allowed).toBe(true);
      const fresh = unique('release-missing');
      await limiter.release(fresh);
      await limiter.release(fresh);
      expect((await limiter.hit(fresh, { max: 1, windowMs: 60_000 })).allowed).toBe(true);
      expect((await limiter.hit(fresh, { max: 1, windowMs: 60_000 })).allowed).toBe(false);
    });

    it('concurrent attempts are each counted once (no lost updates)', async () => {
      const limiter = make();
      const key = unique('race');
      const limit = { max: 10, windowMs: 60_000 };
      const hits = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(key, limit)));
      expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    });

    it('enforceLimits counts every key and answers 429 with Retry-After for the worst one', async () => {
      const limiter = make();
      const a = unique('a');
      const b = unique('b');
      const limits = [
        { key: a, limit: { max: 1, windowMs: 60_000 } },
        { key: b, limit: { max: 5, windowMs: 120_000 } },
      ];
      await enforceLimits(limiter, limits);
      const error = await enforceLimits(limiter, limits).catch((e) => e);
      expect(error).toMatchObject({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS' });
      expect(Number(error.headers['retry-after'])).toBeGreaterThan(55);
      // b was counted too, though it is under its limit.
      for (let i = 0; i < 3; i++) await limiter.hit(b, limits[1]!.limit);
      expect((await limiter.hit(b, limits[1]!.limit)).allowed).toBe(false);
    });
  });
}

let shared: TestApp;
let redis: Redis | null = null;
beforeAll(async () => {
  if (skipIfNoDatabase) return;
  shared = await createTestApp({ seed: false });
  if (hasRedis) redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await shared?.close();
});

limiterContract('database', () => databaseRateLimiter(shared.app.db), { skip: skipIfNoDatabase });
limiterContract('Redis', () => redisRateLimiter(redis!), { skip: skipIfNoDatabase || !hasRedis });

describe.skipIf(skipIfNoDatabase || !hasRedis)('Redis keys', () => {
  it('every counter expires (no key is left without a TTL)', async () => {
    const limiter = redisRateLimiter(redis!);
    const key = unique('ttl');
    await limiter.hit(key, { max: 5, windowMs: 60_000 });
    await limiter.release(key);
    await limiter.release(key);
    const ttl = await redis!.pttl(`rl:${key}`);
    expect(ttl).toBeGreaterThan(50_000);
    const missing = unique('ttl-missing');
    await limiter.release(missing);
    expect(await redis!.exists(`rl:${missing}`)).toBe(0);
  });
});

/**
 * Two server processes behind a load balancer share one database (and Redis when configured): a
 * counter kept in one process's memory would let an attacker alternate between them.
 */
for (const store of ['database', 'redis'] as const) {
  describe.skipIf(skipIfNoDatabase || (store === 'redis' && !hasRedis))(
    `two app instances, ${store} store`,
    () => {
      let first: TestApp;
      let second: FastifyInstance;
      let secondDb: Database | null = null;
      beforeAll(async () => {
        const env: Record<string, string> = store === 'redis' ? { REDIS_URL } : {};
        first = await createTestApp({ seed: false, env });
        const config = first.app.config;
        // A second process: its own pool over the same PostgreSQL database, or the same PGlite.
        secondDb = config.DATABASE_URL
          ? await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
          : null;
        second = await buildApp({ config, database: secondDb ?? first.database, logger: false });
        await second.ready();
      });
      afterAll(async () => {
        await second?.close();
        await secondDb?.close();
        await first?.close();
      });

      const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
        app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email, password }, remoteAddress });

      it('wrong passwords on either instance add up to one per-account limit', async () => {
        const user = await createTestUser(first.app.db);
        const address = randomAddress();
        const apps = [first.app, second, first.app, second, first.app];
        for (const app of apps)
          expect((await login(app, user.email, 'Wrong#Password1', address)).statusCode).toBe(401);
        const limited = await login(second, user.email, user.password, address);
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect((await login(first.app, user.email, user.password, address)).statusCode).toBe(429);
      });

      it('a success on one instance clears the account counter for both', async () => {
        const user = await createTestUser(first.app.db);
        const address = randomAddress();
        for (let i = 0; i < 4; i++) await login(first.app, user.email, 'Wrong#Password1', address);
        expect((await login(second, user.email, user.password, address)).statusCode).toBe(200);
        for (let i = 0; i < 4; i++) {
          expect((await login(first.app, user.email, 'Wrong#Password1', address)).statusCode).toBe(401);
        }
      });

      it(`the counters live in the ${store}, not in the process`, async () => {
        const user = await createTestUser(first.app.db);
        await login(first.app, user.email, 'Wrong#Password1', randomAddress());
        const key = `login:account:${user.email}`;
        if (store === 'redis') {
          expect(Number(await redis!.get(`rl:${key}`))).toBe(1);
        } else {
          const result = (await first.app.db.execute(
            sql`select count from rate_limits where key = ${key}`,
          )) as unknown as {
            rows: { count: number }[];
          };
          expect(result.rows.map((r) => Number(r.count))).toEqual([1]);
        }
      });
    },
  );
}

describe.skipIf(skipIfNoDatabase)('Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails after ioredis's retries.
    t = await createTestApp({ seed: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t?.close());

  it('a sign-in is a 503 with Retry-After, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: 'someone@example.com', password: 'Wrong#Password1' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(res.headers['retry-after']).toBeDefined();
  });
});
