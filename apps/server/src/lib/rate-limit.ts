import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { AppError } from './app-error';

export type Limit = { max: number; windowMs: number };
export type Hit = { allowed: boolean; retryAfterSec: number };

/** Fixed-window counters shared by every server process (database or Redis, never memory). */
export interface RateLimiter {
  hit(key: string, limit: Limit): Promise<Hit>;
  /** Gives back one counted attempt (a successful sign-in must not use up its address's budget). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit) {
      const result = (await db.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${limit.windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + make_interval(secs => ${limit.windowMs / 1000}) else rate_limits.reset_at end
        returning count, reset_at`)) as unknown as { rows: { count: number; reset_at: string | Date }[] };
      const row = result.rows[0]!;
      const resetAt = new Date(row.reset_at).getTime();
      return {
        allowed: Number(row.count) <= limit.max,
        retryAfterSec: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
      };
    },
    async release(key) {
      await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, limit) {
      const k = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(k)
        .pexpire(k, limit.windowMs, 'NX')
        .pttl(k)
        .exec()) as [[null, number], [null, number], [null, number]];
      const ms = ttl > 0 ? ttl : limit.windowMs;
      return { allowed: count <= limit.max, retryAfterSec: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async release(key) {
      // Only an existing counter is decremented; a missing one stays missing (no key without expiry).
      await redis.eval(
        "if redis.call('get', KEYS[1]) and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        `rl:${key}`,
      );
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
  };
}

export const tooManyAttempts = (retryAfterSec: number) =>
  new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    'common.tooManyAttempts',
    { minutes: Math.ceil(retryAfterSec / 60) },
    undefined,
    {
      'retry-after': String(retryAfterSec),
    },
  );

/** Counts one attempt against every key; throws 429 when any of them is over its limit. */
export async function enforceLimits(
  limiter: RateLimiter,
  hits: { key: string; limit: Limit }[],
): Promise<void> {
  let retryAfter = 0;
  for (const { key, limit } of hits) {
    const hit = await limiter.hit(key, limit);
    if (!hit.allowed) retryAfter = Math.max(retryAfter, hit.retryAfterSec);
  }
  if (retryAfter > 0) throw tooManyAttempts(retryAfter);
}
