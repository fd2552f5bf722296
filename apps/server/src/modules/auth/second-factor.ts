import { isStaffType, RATE_LIMITS } from '@club/shared';
import type { TSecondFactorStep, TSessionUser } from '@club/shared';
import type { TEnrolment, TEnrolmentDone } from '@club/shared/schemas/second-factor';
import { secondFactorContract as contract } from '@club/shared/contract/second-factor';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { recoveryCodes, users, userTokens } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
import { recordOwnAction } from '../../lib/audit';
import { enforceLimits } from '../../lib/rate-limit';
import {
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpUri,
  verifyTotp,
} from '../../lib/totp';
import { findLiveToken, issueUserToken, useToken } from '../../lib/user-tokens';
import { createSession, setSessionCookie } from '../../plugins/session';
import type { UserRow } from '../../types';
import { deleteSession, findUserById } from './repository';
import { toSessionUser } from './session-user';

/** The password step is good for this long: enough to open the authenticator app, or to enrol. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

const challengeInvalid = () => new AppError(404, 'TOKEN_INVALID', 'auth.challengeInvalid');
const codeInvalid = () =>
  new AppError(422, 'SECOND_FACTOR_INVALID', 'common.validation', {}, { code: ['auth.codeInvalid'] });

type ChallengePurpose = 'SECOND_FACTOR' | 'SECOND_FACTOR_ENROL';

/**
 * After a right password, an enrolled staff account gets the code step instead of a session. An
 * account without a factor gets nothing for a password alone (whoever knows or reset it could enrol
 * their own app): it is refused, and enrols only through `enrolmentStep`.
 */
export async function secondFactorStep(db: Tx, user: UserRow): Promise<TSecondFactorStep> {
  if (!user.totpEnabledAt)
    throw new AppError(403, 'SECOND_FACTOR_NOT_ENROLLED', 'auth.secondFactorNotEnrolled');
  const challenge = await issueUserToken(db, user.id, 'SECOND_FACTOR', CHALLENGE_TTL_MS);
  return { second_factor: 'CODE', challenge };
}

/**
 * The first enrolment's step: given only to whoever used a single-use link mailed to the account's
 * owner (the invitation, or a password reset link), never for a password alone.
 */
export async function enrolmentStep(db: Tx, user: UserRow): Promise<TSecondFactorStep> {
  const challenge = await issueUserToken(db, user.id, 'SECOND_FACTOR_ENROL', CHALLENGE_TTL_MS);
  return { second_factor: 'ENROL', challenge };
}

/** Every live challenge of the account stops working (its factor was reset, or it was deactivated). */
export async function endChallenges(db: Tx, userId: number) {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, userId),
        inArray(userTokens.purpose, ['SECOND_FACTOR', 'SECOND_FACTOR_ENROL']),
        isNull(userTokens.usedAt),
      ),
    );
}

/** The staff member of a live challenge, locked for the transaction; refused when there is none. */
async function challengeUser(tx: Tx, challenge: string, purpose: ChallengePurpose) {
  const token = await findLiveToken(tx, challenge, purpose);
  if (!token) throw challengeInvalid();
  const user = await findUserById(tx, token.userId);
  if (!user || !isStaffType(user.type) || user.deactivatedAt) throw challengeInvalid();
  return { token, user };
}

async function limitCodes(app: FastifyInstance, request: FastifyRequest, userId: number) {
  await enforceLimits(app.limiter, [
    { key: `second-factor:account:${userId}`, limit: RATE_LIMITS.secondFactorPerAccount },
    { key: `second-factor:address:${request.ip}`, limit: RATE_LIMITS.secondFactorPerAddress },
  ]);
}

/** The user a live challenge belongs to; the answers speak that staff member's language from here on. */
async function userOfChallenge(
  app: FastifyInstance,
  request: FastifyRequest,
  challenge: string,
  purpose: ChallengePurpose,
) {
  const token = await findLiveToken(app.db, challenge, purpose);
  if (!token) throw challengeInvalid();
  const user = await findUserById(app.db, token.userId);
  if (user) request.lang = user.languageCode === 'en' ? 'en' : 'pl';
  return token.userId;
}

async function startSession(
  app: FastifyInstance,
  tx: Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<TSessionUser> {
  if (request.auth) await deleteSession(tx, request.auth.sessionId);
  const session = await createSession(tx, user.id);
  setSessionCookie(app, reply, session.cookie);
  return toSessionUser(user, session.csrfToken);
}

export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The code of the authenticator app, or one of the recovery codes (then used up). */
  app.route({
    ...routeOf(contract.verify),
    handler: async (request, reply) => {
      const { challenge, code } = request.body;
      const userId = await userOfChallenge(app, request, challenge, 'SECOND_FACTOR');
      await limitCodes(app, request, userId);
      const result = await app.db.transaction(async (tx) => {
        const { token, user } = await challengeUser(tx, challenge, 'SECOND_FACTOR');
        if (!user.totpEnabledAt || !user.totpSecret) throw challengeInvalid();
        let how: 'totp' | 'recovery';
        const step = verifyTotp(user.totpSecret, code, user.totpLastStep);
        if (step !== null) {
          await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
          how = 'totp';
        } else if (looksLikeRecoveryCode(code)) {
          const used = await tx
            .update(recoveryCodes)
            .set({ usedAt: new Date() })
            .where(
              and(
                eq(recoveryCodes.userId, user.id),
                eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
                isNull(recoveryCodes.usedAt),
              ),
            )
            .returning({ id: recoveryCodes.id });
          if (used.length === 0) return null;
          how = 'recovery';
        } else {
          return null;
        }
        await useToken(tx, token.id);
        if (how === 'recovery') await recordOwnAction(tx, request, user, { action: 'use-recovery-code' });
        return startSession(app, tx, request, reply, user);
      });
      if (!result) throw codeInvalid();
      await app.limiter.reset(`second-factor:account:${userId}`);
      await app.limiter.release(`second-factor:address:${request.ip}`);
      return { success: true as const, data: result };
    },
  });

  /** The first enrolment (after the invitation or a mailed reset link): a new secret to scan; asking again gives a new one. */
  app.route({
    ...routeOf(contract.enrolment),
    handler: async (request) => {
      await userOfChallenge(app, request, request.body.challenge, 'SECOND_FACTOR_ENROL');
      const data = await app.db.transaction(async (tx): Promise<TEnrolment> => {
        const { user } = await challengeUser(tx, request.body.challenge, 'SECOND_FACTOR_ENROL');
        if (user.totpEnabledAt) throw challengeInvalid();
        const secret = newTotpSecret();
        await tx.update(users).set({ totpSecret: secret, totpLastStep: null }).where(eq(users.id, user.id));
        return { secret, uri: totpUri(secret, user.email) };
      });
      return { success: true as const, data };
    },
  });

  /** The first code proves the app holds the secret: the factor is on, the recovery codes shown once. */
  app.route({
    ...routeOf(contract.enrol),
    handler: async (request, reply) => {
      const { challenge, code } = request.body;
      const userId = await userOfChallenge(app, request, challenge, 'SECOND_FACTOR_ENROL');
      await limitCodes(app, request, userId);
      const data = await app.db.transaction(async (tx): Promise<TEnrolmentDone | null> => {
        const { token, user } = await challengeUser(tx, challenge, 'SECOND_FACTOR_ENROL');
        if (user.totpEnabledAt) throw challengeInvalid();
        if (!user.totpSecret) throw new AppError(409, 'TOKEN_INVALID', 'auth.enrolmentNotStarted');
        const step = verifyTotp(user.totpSecret, code, null);
        if (step === null) return null;
        const [enrolled] = await tx
          .update(users)
          .set({ totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        const codes = newRecoveryCodes();
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx
          .insert(recoveryCodes)
          .values(codes.map((c) => ({ userId: user.id, codeHash: recoveryCodeHash(c) })));
        await useToken(tx, token.id);
        await recordOwnAction(tx, request, user, { action: 'enrol-second-factor' });
        return { user: await startSession(app, tx, request, reply, enrolled!), recovery_codes: codes };
      });
      if (!data) throw codeInvalid();
      await app.limiter.reset(`second-factor:account:${userId}`);
      return { success: true as const, data };
    },
  });
};
