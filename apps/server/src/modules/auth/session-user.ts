import { type TSessionUser, USER_TYPE } from '@club/shared';
import type { UserRow } from '../../types';

/** The session user of SPEC.md §3, as auth/me and auth/login return it. */
export function toSessionUser(user: UserRow, csrfToken: string): TSessionUser {
  return {
    id: user.id,
    email: user.email,
    language_code: user.languageCode === 'en' ? 'en' : 'pl',
    name: user.name,
    surname: user.surname,
    honorific: user.honorific,
    type: user.type,
    has_bonus: user.hasBonus,
    ...(user.type === USER_TYPE.CUSTOMER ? { calendar2024_token: user.calendarToken } : {}),
    csrf_token: csrfToken,
  };
}
