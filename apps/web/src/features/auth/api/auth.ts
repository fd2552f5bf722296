import { languagesContract } from '@club/shared/contract/languages';
import { authContract } from '@club/shared/contract/auth';
import type {
  TForgotPassword,
  TLanguage,
  TLogin,
  TResetPassword,
  TSecondFactorStep,
  TSessionUser,
} from '@club/shared';
import { fetchData, fetchEnvelope } from '../../../lib/endpoint';

/** A session, or for staff the second-factor step (docs/console.md). */
export const login = (body: TLogin) => fetchData(authContract.login, { body });
/** The console's second sign-in step (config/console.ts `consolePaths.secondFactor`). */
export const STAFF_SECOND_FACTOR_PATH = '/admin/sign-in';
export const getMe = () => fetchData(authContract.me);
export const getLanguages = () => fetchData(languagesContract.languages);
export const logout = () => fetchData(authContract.logout);
export const forgotPassword = (body: TForgotPassword) => fetchData(authContract.forgotPassword, { body });
/** Sets the password; a staff account without a second factor gets its enrolment step (docs/console.md). */
export async function resetPassword(body: TResetPassword): Promise<TSecondFactorStep | undefined> {
  const envelope = await fetchEnvelope(authContract.resetPassword, { body });
  return 'data' in envelope ? envelope.data : undefined;
}

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
