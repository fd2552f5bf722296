import { isStaffType, SESSION_TTL_MS, USER_TYPE } from '@club/shared';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../db/client';
import { CHANNELS } from '../db/listener';
import { sessions, users } from '../db/schema';
import { pickLanguage } from '../i18n';
import { AppError, forbidden, unauthorized } from '../lib/app-error';
import { isPasswordRecentlyVerified, passwordCheckRequired } from '../lib/password-check';
import { randomToken, safeEqual, sha256 } from '../lib/tokens';
import type { Access, Auth, UserRow } from '../types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Secure-club_session' : 'club_session';
}

type SessionRow = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };

/**
 * What a route may read in the same round trip as the session (one query instead of two on its hot
 * path): `column` is a sub-select that may use `sessions.user_id` and the placeholders `params` gives;
 * `params` returns null when the request gives nothing to read ahead (the route then reads it itself).
 * The plugin prepares one statement per `name`, so one name must always mean one column.
 */
export type SessionExtra = {
  name: string;
  column: SQL;
  params: (request: FastifyRequest) => Record<string, unknown> | null;
};

/**
 * The lookup every API call makes, prepared once: the query is not rebuilt per request, and on
 * PostgreSQL each pooled connection plans it once (docs/performance.md).
 */
function preparedSessionLookup(db: Db, extra?: SessionExtra) {
  const found = and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`));
  const query = extra
    ? db
        .select({ session: sessions, user: users, extra: extra.column })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(found)
        .limit(1)
        .prepare(`club_find_session_${extra.name}`)
    : db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(found)
        .limit(1)
        .prepare('club_find_session');
  return async (
    id: string,
    params?: Record<string, unknown>,
  ): Promise<(SessionRow & { extra?: unknown }) | null> => {
    const [row] = await query.execute({ ...params, id });
    return row ?? null;
  };
}

/**
 * Sessions kept at most this long without a change; an entry is also never used past its expiry. On
 * PostgreSQL a shorter bound: even a NOTIFY held up on a busy process cannot keep an ended session
 * reading the catalogue for longer (docs/decisions/0006-caches-on-postgresql.md).
 */
const SESSION_CACHE_TTL_MS = { pglite: 60_000, postgres: 5_000 };
const SESSION_CACHE_MAX = 10_000;

/**
 * The sessions found recently, by cookie hash (docs/performance.md, "caches"). Any update or delete of
 * a session or its user (sign-out, password change, account removal, refresh, language, cleanup of
 * expired sessions, SQL by hand) fires a trigger (migrations 0001, 0002) whose NOTIFY drops that
 * user's entries: on PGlite before the write returns, on PostgreSQL milliseconds after its commit (and
 * before the response of this process's own writes, `echo`). A lookup that raced with a drop is not
 * stored; nothing is served or stored while the LISTEN is down. Expiry is checked per request against
 * the cached `expires_at`. On PostgreSQL only routes marked `cachedSession` are served from it.
 */
export class SessionCache {
  private entries = new Map<string, { row: SessionRow; until: number }>();
  private generation = 0;
  private readonly live: () => boolean;
  private readonly ttlMs: number;

  constructor(live: () => boolean = () => true, ttlMs = SESSION_CACHE_TTL_MS.pglite) {
    this.live = live;
    this.ttlMs = ttlMs;
  }

  get(id: string): SessionRow | undefined {
    if (!this.live()) return undefined;
    const hit = this.entries.get(id);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.until > now && hit.row.session.expiresAt.getTime() > now) return hit.row;
    this.entries.delete(id);
    return undefined;
  }

  /** Call before the lookup; `store` keeps its result only if nothing changed meanwhile. */
  mark(): number {
    return this.generation;
  }

  store(id: string, row: SessionRow, mark: number): void {
    if (mark !== this.generation || !this.live()) return;
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.clear();
    this.entries.set(id, { row, until: Date.now() + this.ttlMs });
  }

  /** A user's sessions changed ('*': every user's). */
  changed(userId: string): void {
    this.generation++;
    if (userId === '*' || userId === '') {
      this.entries.clear();
      return;
    }
    const id = Number(userId);
    for (const [key, entry] of this.entries) if (entry.row.user.id === id) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

function toAuth(row: SessionRow): Auth {
  return {
    sessionId: row.session.id,
    csrfToken: row.session.csrfToken,
    refreshedAt: row.session.refreshedAt,
    passwordVerifiedAt: row.session.passwordVerifiedAt,
    user: row.user,
  };
}

/** Creates a session and returns the cookie value; only its hash is stored. */
export async function createSession(db: Tx, userId: number): Promise<{ cookie: string; csrfToken: string }> {
  const cookie = randomToken(32);
  const csrfToken = randomToken(24);
  await db.insert(sessions).values({
    id: sha256(cookie),
    userId,
    csrfToken,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { cookie, csrfToken };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, value: string): void {
  reply.setCookie(sessionCookieName(app.config.PUBLIC_URL), value, {
    path: '/panel',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.PUBLIC_URL.startsWith('https:'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(app.config.PUBLIC_URL), { path: '/panel' });
}

/**
 * For every API request: find the session, then enforce in this order: a session for protected
 * routes (401), the CSRF header for any state-changing call made with a session (403), the role (403).
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'pl');
  app.decorateRequest('sessionExtra', undefined);
  const cookieName = sessionCookieName(app.config.PUBLIC_URL);
  const lookup = preparedSessionLookup(app.db);
  const lookupsWith = new Map<string, ReturnType<typeof preparedSessionLookup>>();
  const cache = await sessionCache(app);

  // PGlite: one process, notified before a write returns, so every route may use the cache.
  const everyRouteCached = !app.config.DATABASE_URL;

  const findAuth = async (request: FastifyRequest, cookie: string): Promise<Auth | null> => {
    const id = sha256(cookie);
    const cached = everyRouteCached || request.routeOptions.config?.cachedSession ? cache.get(id) : undefined;
    // A copy of the user: a handler that changes request.auth.user must not change the cache.
    if (cached) return toAuth({ session: cached.session, user: { ...cached.user } });
    const mark = cache.mark();
    const extra = request.routeOptions.config?.sessionExtra;
    const params = extra ? extra.params(request) : null;
    let row: (SessionRow & { extra?: unknown }) | null;
    if (extra && params) {
      let query = lookupsWith.get(extra.name);
      if (!query) {
        query = preparedSessionLookup(app.db, extra);
        lookupsWith.set(extra.name, query);
      }
      row = await query(id, params);
      if (row) request.sessionExtra = row.extra;
    } else {
      row = await lookup(id);
    }
    if (!row) return null;
    cache.store(id, { session: row.session, user: row.user }, mark);
    return toAuth(row);
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    // Decide by the matched route too: the router decodes the path, so /panel/%61pi/v1/... is an API route.
    const isApi =
      request.url.startsWith('/panel/api/') || (request.routeOptions.url ?? '').startsWith('/panel/api/');
    if (!isApi) return;
    const cookie = request.cookies[cookieName];
    request.auth = cookie ? await app.inFlight.track(() => findAuth(request, cookie)) : null;
    if (request.auth) request.lang = request.auth.user.languageCode === 'en' ? 'en' : 'pl';
    // An unknown API path is a plain 404 for everyone (the not-found handler has no route config).
    if (request.is404) return;

    const config = request.routeOptions.config ?? {};
    const access = config.access ?? 'user';
    if (access !== 'public' && !request.auth) throw unauthorized();
    if (request.auth && (!SAFE_METHODS.has(request.method) || config.csrf)) {
      const header = request.headers['x-csrf-token'];
      if (typeof header !== 'string' || !safeEqual(header, request.auth.csrfToken)) {
        // Public routes (sign-in, sign-out, links from e-mails) are not blocked by a cookie the page cannot
        // show the token of, but they go on without the session: a call without the token never acts on its
        // authority (a forged logout does not end it, a sign-in does not touch it).
        if (access !== 'public') throw new AppError(403, 'CSRF', 'common.csrf');
        request.auth = null;
      }
    }
    if (request.auth && !mayCall(access, request.auth.user.type)) throw forbidden();
    // Routes marked passwordCheck need a recent auth/check-password in this session (lib/password-check.ts).
    if (config.passwordCheck && request.auth && !isPasswordRecentlyVerified(request.auth))
      throw passwordCheckRequired();
  });

  // A call that may have changed the member's session, user or catalogue state drops this process's
  // cached copies before its answer leaves, whatever the NOTIFY's timing (db/listener.ts `echo`).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.auth && (!SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf)) {
      app.dbListen.echo(CHANNELS.sessions, String(request.auth.user.id));
      app.dbListen.echo(CHANNELS.member, '');
    }
    return payload;
  });
});

/** The app's session cache (see SessionCache), dropped by the sessions channel. */
async function sessionCache(app: FastifyInstance): Promise<SessionCache> {
  const ttl = app.config.DATABASE_URL ? SESSION_CACHE_TTL_MS.postgres : SESSION_CACHE_TTL_MS.pglite;
  const cache = new SessionCache(app.dbListen.live, ttl);
  const unlisten = await app.dbListen.listen(CHANNELS.sessions, (payload) => cache.changed(payload));
  app.addHook('onClose', async () => unlisten());
  return cache;
}

/** Whether an account of this type may call a route of this access level (types.d.ts `Access`). */
export function mayCall(access: Access, type: UserRow['type']): boolean {
  switch (access) {
    case 'public':
    case 'account':
      return true;
    case 'user':
      return type === USER_TYPE.CUSTOMER || type === USER_TYPE.DEALER;
    case 'customer':
      return type === USER_TYPE.CUSTOMER;
    case 'dealer':
      return type === USER_TYPE.DEALER;
    case 'staff':
      return isStaffType(type);
    case 'admin':
      return type === USER_TYPE.ADMIN;
  }
}

/** The signed-in user of a protected route (the hook above has already refused anonymous calls). */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
