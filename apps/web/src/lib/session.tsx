import type { TLanguage, TSessionUser } from '@club/shared';
import { type LanguageCode, TOKEN_REFRESH_AFTER_MS, TOKEN_REFRESH_CHECK_MS } from '@club/shared/constants';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { authContract } from '@club/shared/contract/auth';
import { setCsrfToken } from './api-client';
import { fetchData } from './endpoint';
import { setLanguage } from './i18n';

/** Client session state of SPEC.md §3: the user, the language, the available languages. */
type SessionState = {
  user: TSessionUser | null;
  /** True once the splash has loaded the session in this page load. */
  loaded: boolean;
  language: LanguageCode;
  languages: TLanguage[];
  /** Stores the user (after sign-in or auth/me) and applies the user's language. */
  setUser: (user: TSessionUser) => void;
  setLanguages: (languages: TLanguage[]) => void;
  /** Updates the CSRF token after the server rotated the session (password change). */
  setCsrf: (token: string) => void;
  patchUser: (patch: Partial<TSessionUser>) => void;
  clear: () => void;
};

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<TSessionUser | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [languages, setLanguages] = useState<TLanguage[]>([]);
  const [language, setLanguageState] = useState<LanguageCode>(() =>
    document.documentElement.lang === 'en' ? 'en' : 'pl',
  );
  const lastRefresh = useRef(Date.now());

  const setUser = useCallback((next: TSessionUser) => {
    setCsrfToken(next.csrf_token);
    setUserState(next);
    setLoaded(true);
    setLanguage(next.language_code);
    setLanguageState(next.language_code);
    lastRefresh.current = Date.now();
  }, []);

  const clear = useCallback(() => {
    setCsrfToken('');
    setUserState(null);
    setLoaded(false);
    setLanguage('pl');
    setLanguageState('pl');
  }, []);

  const setCsrf = useCallback((token: string) => {
    setCsrfToken(token);
    setUserState((u) => (u ? { ...u, csrf_token: token } : u));
  }, []);

  const patchUser = useCallback((patch: Partial<TSessionUser>) => {
    setUserState((u) => (u ? { ...u, ...patch } : u));
  }, []);

  // SPEC.md §4: every 2 minutes, refresh the token when more than 30 minutes passed since the last refresh.
  useEffect(() => {
    if (!user) return;
    const timer = window.setInterval(() => {
      if (Date.now() - lastRefresh.current < TOKEN_REFRESH_AFTER_MS) return;
      lastRefresh.current = Date.now();
      fetchData(authContract.refreshToken).catch(() => {});
    }, TOKEN_REFRESH_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [user]);

  const value = useMemo(
    () => ({ user, loaded, language, languages, setUser, setLanguages, setCsrf, patchUser, clear }),
    [user, loaded, language, languages, setUser, setCsrf, patchUser, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

/** SPEC.md §6: role checks compare the lower-cased user type with 'customer' and 'dealer'. */
export type Role = 'customer' | 'dealer';
export function useUserType(): string | null {
  return useSession().user?.type.toLowerCase() ?? null;
}
export const useIsCustomer = () => useUserType() === 'customer';
export const useIsDealer = () => useUserType() === 'dealer';

/** The account screens listen for this to reload the current user (SPEC.md §2 account wrapper). */
export const RELOAD_CURRENT_USER_EVENT = 'club:reload-current-user';
export const reloadCurrentUser = () => window.dispatchEvent(new Event(RELOAD_CURRENT_USER_EVENT));
