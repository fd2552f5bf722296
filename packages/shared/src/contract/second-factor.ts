/** Staff sign-in's second factor (docs/console.md): TOTP codes, enrolment, recovery codes. */
import { ZSessionUser } from '../schemas/auth';
import {
  ZEnrolment,
  ZEnrolmentConfirm,
  ZEnrolmentDone,
  ZEnrolmentStart,
  ZSecondFactorCode,
} from '../schemas/second-factor';
import { defineEndpoint, ok } from './define';

export const secondFactorContract = {
  verify: defineEndpoint({
    method: 'POST',
    path: '/auth/second-factor',
    summary:
      "Staff sign-in, second step: the authenticator's code (or a recovery code, then used up) for the password step's challenge; starts the session",
    access: 'public',
    body: ZSecondFactorCode,
    responses: { 200: ok(ZSessionUser) },
  }),
  enrolment: defineEndpoint({
    method: 'POST',
    path: '/auth/second-factor/enrolment',
    summary:
      'First staff sign-in (or after a reset): a new TOTP secret and its otpauth address for the QR code',
    access: 'public',
    body: ZEnrolmentStart,
    responses: { 200: ok(ZEnrolment) },
  }),
  enrol: defineEndpoint({
    method: 'POST',
    path: '/auth/second-factor/enrol',
    summary:
      'Confirms the enrolment with a first code: the factor is on, the session starts, ten recovery codes are shown once',
    access: 'public',
    body: ZEnrolmentConfirm,
    responses: { 200: ok(ZEnrolmentDone) },
  }),
};
