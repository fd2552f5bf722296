import { isStaffType, RATE_LIMITS, SESSION_TTL_MS } from '@club/shared';
import { authContract as contract } from '@club/shared/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enforceLimits } from '../../lib/rate-limit';
import {
  clearSessionCookie,
  createSession,
  requireAuth,
  sessionCookieName,
  setSessionCookie,
} from '../../plugins/session';
import {
  deleteSession,
  deleteUserSessions,
  extendSession,
  findUserByEmail,
  findUserById,
  markPasswordVerified,
  setPasswordHash,
} from './repository';
import { enrolmentStep, secondFactorRoutes, secondFactorStep } from './second-factor';
import { recordOwnAction } from '../../lib/audit';
import { toSessionUser } from './session-user';
import { findLiveToken, issueUserToken, useToken } from '../../lib/user-tokens';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(secondFactorRoutes);
  app.route({
    ...routeOf(contract.login),
    handler: async (request, reply) => {
      const { email, password } = request.body;
      await enforceLimits(app.limiter, [
        { key: `login:account:${email}`, limit: RATE_LIMITS.loginPerAccount },
        {
          key: `login:address:${request.ip}`,
          limit: { ...RATE_LIMITS.loginPerAddress, max: app.config.LOGIN_LIMIT_PER_ADDRESS },
        },
      ]);
      const user = await findUserByEmail(app.db, email);
      // The same answer (and the same time) for an unknown e-mail, a wrong password or an unfinished account.
      if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) throw invalidCredentials();
      // Only failures count: the account starts afresh, and this sign-in gives its address attempt back
      // (an office or the browser tests behind one address sign in many times).
      await app.limiter.reset(`login:account:${email}`);
      await app.limiter.release(`login:address:${request.ip}`);
      // Staff: a deactivated account reads like a wrong password; an active one goes on to its second factor.
      if (isStaffType(user.type)) {
        if (user.deactivatedAt) throw invalidCredentials();
        reply.code(202);
        return { success: true as const, data: await secondFactorStep(app.db, user) };
      }
      if (request.auth) await deleteSession(app.db, request.auth.sessionId);
      const session = await createSession(app.db, user.id);
      setSessionCookie(app, reply, session.cookie);
      return { success: true as const, data: toSessionUser(user, session.csrfToken) };
    },
  });

  app.route({
    ...routeOf(contract.me),
    handler: async (request) => {
      const auth = requireAuth(request);
      return { success: true as const, data: toSessionUser(auth.user, auth.csrfToken) };
    },
  });

  app.route({
    ...routeOf(contract.refreshToken),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      await extendSession(app.db, auth.sessionId, SESSION_TTL_MS);
      const cookie = request.cookies[sessionCookieName(app.config.PUBLIC_URL)];
      if (cookie) setSessionCookie(app, reply, cookie);
      return { success: true as const };
    },
  });

  app.route({
    ...routeOf(contract.logout),
    handler: async (request, reply) => {
      if (request.auth) await deleteSession(app.db, request.auth.sessionId);
      clearSessionCookie(app, reply);
      return { success: true as const };
    },
  });

  app.route({
    ...routeOf(contract.changePassword),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      await enforceLimits(app.limiter, [{ key: `check:${auth.user.id}`, limit: RATE_LIMITS.checkPassword }]);
      if (!(await verifyPassword(auth.user.passwordHash, request.body.current_password))) {
        throw new AppError(
          422,
          'WRONG_PASSWORD',
          'common.validation',
          {},
          { current_password: ['auth.wrongCurrentPassword'] },
        );
      }
      await app.limiter.reset(`check:${auth.user.id}`);
      const passwordHash = await hashPassword(request.body.password);
      // Every session of the member ends; this browser continues on a fresh one.
      const session = await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, auth.user.id, passwordHash);
        await deleteUserSessions(tx, auth.user.id);
        return createSession(tx, auth.user.id);
      });
      setSessionCookie(app, reply, session.cookie);
      return { success: true as const, data: toSessionUser(auth.user, session.csrfToken) };
    },
  });

  app.route({
    ...routeOf(contract.checkPassword),
    handler: async (request) => {
      const auth = requireAuth(request);
      await enforceLimits(app.limiter, [{ key: `check:${auth.user.id}`, limit: RATE_LIMITS.checkPassword }]);
      if (!(await verifyPassword(auth.user.passwordHash, request.body.password))) {
        throw new AppError(
          422,
          'WRONG_PASSWORD',
          'common.validation',
          {},
          { password: ['auth.wrongCurrentPassword'] },
        );
      }
      await app.limiter.reset(`check:${auth.user.id}`);
      await markPasswordVerified(app.db, auth.sessionId);
      return { success: true as const, data: { success: true as const } };
    },
  });

  /** Only accounts that can sign in get a link (a fresh single-use token, mailed in their language). */
  async function sendResetLink(email: string) {
    const user = await findUserByEmail(app.db, email);
    if (!user?.passwordHash) return;
    const lang = user.languageCode === 'en' ? 'en' : 'pl';
    await app.db.transaction(async (tx) => {
      const token = await issueUserToken(tx, user.id, 'RESET_PASSWORD', RESET_TOKEN_TTL_MS);
      const link = `${app.config.PUBLIC_URL}/panel/reset-password?token=${encodeURIComponent(token)}`;
      await app.mailer.queue(tx, {
        template: 'reset-password',
        to: user.email,
        language: lang,
        data: { link, minutes: RESET_TOKEN_TTL_MS / 60000 },
      });
    });
    await app.mailer.flush(app.db);
  }

  app.route({
    ...routeOf(contract.forgotPassword),
    handler: async (request) => {
      const { email } = request.body;
      await enforceLimits(app.limiter, [
        { key: `forgot:account:${email}`, limit: RATE_LIMITS.forgotPassword },
        { key: `forgot:address:${request.ip}`, limit: RATE_LIMITS.forgotPasswordPerAddress },
      ]);
      // The answer goes before the account is even looked up, so that neither its content nor its
      // time says whether the account exists; the work runs on, counted for a graceful shutdown.
      void app.inFlight
        .track(() => sendResetLink(email))
        .catch((error) => request.log.warn({ err: error }, 'password reset mail failed'));
      return { success: true as const };
    },
  });

  app.route({
    ...routeOf(contract.resetPassword),
    handler: async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const done = await app.db.transaction(async (tx) => {
        const token = await findLiveToken(tx, request.body.token, 'RESET_PASSWORD');
        if (!token) return null;
        await useToken(tx, token.id);
        await setPasswordHash(tx, token.userId, passwordHash);
        await deleteUserSessions(tx, token.userId);
        const user = await findUserById(tx, token.userId);
        if (!user || !isStaffType(user.type)) return { step: null };
        await recordOwnAction(tx, request, user, { action: 'reset-password' });
        // The link came to the owner's mailbox: a staff account without a factor enrols now (and only so).
        if (user.totpEnabledAt || user.deactivatedAt) return { step: null };
        request.lang = user.languageCode === 'en' ? 'en' : 'pl';
        return { step: await enrolmentStep(tx, user) };
      });
      if (!done) throw new AppError(404, 'TOKEN_INVALID', 'auth.resetLinkInvalid');
      if (done.step) {
        reply.code(202);
        return { success: true as const, data: done.step };
      }
      return { success: true as const };
    },
  });
};
