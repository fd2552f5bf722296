import type { TChangePassword } from '@club/shared';
import { authContract } from '@club/shared/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';

export const changePassword = (body: TChangePassword) => fetchData(authContract.changePassword, { body });

/** The server rotates the session on a password change: the new CSRF token replaces the old one. */
export function useChangePassword() {
  const { setCsrf } = useSession();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => setCsrf(user.csrf_token),
  });
}
