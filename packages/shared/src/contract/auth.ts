/** Signing in and out, the session and the password (SPEC.md §7 auth/*). */
import { z } from 'zod';
import {
  ZChangePassword,
  ZCheckPassword,
  ZForgotPassword,
  ZLogin,
  ZResetPassword,
  ZSecondFactorStep,
  ZSessionUser,
} from '../schemas/auth';
import { defineEndpoint, object, ok, ZOk } from './define';

export const authContract = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    summary:
      'Signs in with e-mail and password: sets the session cookie and returns the session user (200), or for staff the second-factor step (202)',
    access: 'public',
    body: ZLogin,
    // Staff get 202: the password was right, the second factor comes next (docs/console.md).
    responses: { 200: ok(ZSessionUser), 202: ok(ZSecondFactorStep) },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/auth/me',
    summary: 'The signed-in user of this session, with its CSRF token',
    access: 'account',
    responses: { 200: ok(ZSessionUser) },
  }),
  refreshToken: defineEndpoint({
    method: 'POST',
    path: '/auth/refresh-token',
    summary: 'Extends the session by its full lifetime',
    access: 'account',
    responses: { 200: ZOk },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Ends the session (answers the same when there is none)',
    access: 'public',
    responses: { 200: ZOk },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/auth/change-password',
    summary: 'Changes the password; every other session of the user ends',
    access: 'account',
    body: ZChangePassword,
    responses: { 200: ok(ZSessionUser) },
  }),
  checkPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/check-password',
    summary: "Re-enters the password: opens the dealer's customer list and bonus calls for a while",
    access: 'user',
    body: ZCheckPassword,
    responses: { 200: ok(object({ success: z.literal(true) })) },
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Mails a password reset link when the account exists (the answer never says whether it does)',
    access: 'public',
    body: ZForgotPassword,
    responses: { 200: ZOk },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/reset-password',
    summary:
      'Sets a new password with the single-use token of the reset link; a staff account without a second factor gets its enrolment step (202)',
    access: 'public',
    body: ZResetPassword,
    // The mailed link is what only the owner holds: a staff account's first enrolment starts here or at the invitation.
    responses: { 200: ZOk, 202: ok(ZSecondFactorStep) },
  }),
};
