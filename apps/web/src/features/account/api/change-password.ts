import type { TChangePassword, TSessionUser } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const changePassword = (values: TChangePassword) =>
  api.post<TSessionUser>('/auth/change-password', values);

/** The server rotates the session on a password change: the new CSRF token replaces the old one. */
export function useChangePassword() {
  const { setCsrf } = useSession();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => setCsrf(user.csrf_token),
  });
}
