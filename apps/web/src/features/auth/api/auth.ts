import type {
  TForgotPassword,
  TLanguage,
  TLogin,
  TLoginResult,
  TResetPassword,
  TSessionUser,
} from '@club/shared';
import { api } from '../../../lib/api-client';

/** A session, or for staff the second-factor step (docs/console.md). */
export const login = (body: TLogin) => api.post<TLoginResult>('/auth/login', body);
/** The console's second sign-in step (config/console.ts `consolePaths.secondFactor`). */
export const STAFF_SECOND_FACTOR_PATH = '/admin/sign-in';
export const getMe = () => api.get<TSessionUser>('/auth/me');
export const getLanguages = () => api.get<TLanguage[]>('/settings/languages/items');
export const logout = () => api.post('/auth/logout');
export const forgotPassword = (body: TForgotPassword) => api.post('/auth/forgot-password', body);
export const resetPassword = (body: TResetPassword) => api.post('/auth/reset-password', body);

type EarlySession = { me: Promise<TSessionUser>; languages: Promise<TLanguage[]> };
let early: EarlySession | null = null;

/**
 * A first load that will show the splash asks for the session and the languages at once, in parallel
 * with the code and the texts (app/boot.ts); the splash then takes these answers instead of asking.
 */
export function requestSessionEarly(): void {
  if (early) return;
  early = { me: getMe(), languages: getLanguages() };
  // Read later by the splash; a failure here is handled there.
  early.me.catch(() => {});
  early.languages.catch(() => {});
}

/** The early answers, once: a later visit of the splash (after sign-out and in) asks again. */
export function takeEarlySession(): EarlySession | null {
  const taken = early;
  early = null;
  return taken;
}
