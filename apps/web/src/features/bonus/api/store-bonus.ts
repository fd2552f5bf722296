import type { TBonusSignup } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const storeBonus = (body: TBonusSignup) => api.post<{ has_bonus: boolean }>('/bonus/store', body);

/** Joining sets has_bonus in the session, so the footer link disappears at once. */
export function useStoreBonus() {
  const { patchUser } = useSession();
  return useMutation({ mutationFn: storeBonus, onSuccess: () => patchUser({ has_bonus: true }) });
}
