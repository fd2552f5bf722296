import { SESSION_TTL_MS } from '@club/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { pickLanguage } from '../i18n';
import { AppError, forbidden, unauthorized } from '../lib/app-error';
import { isPasswordRecentlyVerified, passwordCheckRequired } from '../lib/password-check';
import { randomToken, safeEqual, sha256 } from '../lib/tokens';
import type { Auth } from '../types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Secure-club_session' : 'club_session';
}

export async function findSession(db: Tx, cookieValue: string): Promise<Auth | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sha256(cookieValue)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? toAuth(row) : null;
}

/**
 * The lookup every API call makes, prepared once: the query is not rebuilt per request, and on
 * PostgreSQL each pooled connection plans it once (docs/performance.md).
 */
function preparedSessionLookup(db: Db) {
  const query = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('club_find_session');
  return async (cookieValue: string): Promise<Auth | null> => {
    const [row] = await query.execute({ id: sha256(cookieValue) });
    return row ? toAuth(row) : null;
  };
}

function toAuth(row: { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect }): Auth {
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
  const cookieName = sessionCookieName(app.config.PUBLIC_URL);
  const lookup = preparedSessionLookup(app.db);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    // Decide by the matched route too: the router decodes the path, so /panel/%61pi/v1/... is an API route.
    const isApi =
      request.url.startsWith('/panel/api/') || (request.routeOptions.url ?? '').startsWith('/panel/api/');
    if (!isApi) return;
    const cookie = request.cookies[cookieName];
    request.auth = cookie ? await lookup(cookie) : null;
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
    if (access === 'customer' && request.auth?.user.type !== 'CUSTOMER') throw forbidden();
    if (access === 'dealer' && request.auth?.user.type !== 'DEALER') throw forbidden();
    // Routes marked passwordCheck need a recent auth/check-password in this session (lib/password-check.ts).
    if (config.passwordCheck && request.auth && !isPasswordRecentlyVerified(request.auth))
      throw passwordCheckRequired();
  });
});

/** The signed-in user of a protected route (the hook above has already refused anonymous calls). */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
