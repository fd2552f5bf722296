import { PASSWORD_CHECK_WINDOW_MS } from '@club/shared';
import type { Auth } from '../types';
import { AppError } from './app-error';

/** True when the session passed auth/check-password within the window (docs/decisions). */
export function isPasswordRecentlyVerified(
  auth: Pick<Auth, 'passwordVerifiedAt'>,
  now = Date.now(),
): boolean {
  const at = auth.passwordVerifiedAt?.getTime();
  return at !== undefined && now - at <= PASSWORD_CHECK_WINDOW_MS;
}

/** 403 with a stable code the web app answers by showing the password dialog again. */
export const passwordCheckRequired = () =>
  new AppError(403, 'PASSWORD_CHECK_REQUIRED', 'auth.passwordCheckRequired');
