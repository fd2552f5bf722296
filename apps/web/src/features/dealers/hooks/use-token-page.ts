import type { LanguageCode } from '@club/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { STORED_LANGUAGE_KEY, setLanguage } from '../../../lib/i18n';

/** What a page opened from an e-mailed link (`?token=`) can show. */
export type TokenPage<T> =
  | { state: 'missing' }
  | { state: 'invalid' }
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; token: string; invitation: T };

/**
 * Reads `?token=` and loads what the link opens: a link that is unknown, used or expired answers
 * 404. The page speaks the language the dealer chose for the customer, until the visitor switches.
 */
export function useTokenPage<T extends { language_code: LanguageCode }>(
  useInvitation: (token: string) => UseQueryResult<T>,
): TokenPage<T> {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const languageApplied = useRef(false);
  useEffect(() => {
    if (invitation.data && !languageApplied.current) {
      languageApplied.current = true;
      if (!localStorage.getItem(STORED_LANGUAGE_KEY)) setLanguage(invitation.data.language_code);
    }
  }, [invitation.data]);

  if (!token) return { state: 'missing' };
  if (invitation.isPending) return { state: 'loading' };
  if (invitation.error instanceof ApiError && invitation.error.status === 404) return { state: 'invalid' };
  if (invitation.isError || !invitation.data)
    return { state: 'failed', retry: () => void invitation.refetch() };
  return { state: 'ready', token, invitation: invitation.data };
}
