import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHANNELS } from '../db/listener';

/** Per app: a NOTIFY in flight, and whether a commit since its start still needs one. */
const state = new WeakMap<FastifyInstance, { sending: boolean; again: boolean }>();

/**
 * Tells the other processes' caches that members' rows (seats, carts, orders) changed, after a commit
 * whose triggers were told not to (`club.member_notice = 'after_commit'`, migration 0031): a NOTIFY
 * inside the order's transaction made every order's commit wait for the previous one server-wide
 * (docs/performance.md, "The order path"). One NOTIFY at a time per process: commits made while one
 * is on its way are covered by the next, so under load a few orders share one. This process's own
 * caches are dropped before the response by the session plugin's `echo`; on PGlite (one process)
 * nothing else listens.
 */
export function announceMemberChange(app: FastifyInstance): void {
  if (!app.config.DATABASE_URL) return;
  let s = state.get(app);
  if (!s) {
    s = { sending: false, again: false };
    state.set(app, s);
  }
  if (s.sending) {
    s.again = true;
    return;
  }
  s.sending = true;
  const current = s;
  void (async () => {
    try {
      do {
        current.again = false;
        await app.db.execute(sql`select pg_notify(${CHANNELS.member}, '')`);
      } while (current.again);
    } catch (error) {
      // The others' caches expire by their TTL; a lost LISTEN connection drops them anyway.
      app.log.warn({ err: error }, 'the members’ change notice after an order failed');
    } finally {
      current.sending = false;
    }
  })();
}
