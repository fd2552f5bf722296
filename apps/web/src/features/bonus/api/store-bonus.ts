import type { TBonusSignup } from '@club/shared';
import { bonusContract } from '@club/shared/contract/bonus';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';

export const storeBonus = (body: TBonusSignup) => fetchData(bonusContract.store, { body });

/** Joining sets has_bonus in the session, so the footer link disappears at once. */
export function useStoreBonus() {
  const { patchUser } = useSession();
  return useMutation({ mutationFn: storeBonus, onSuccess: () => patchUser({ has_bonus: true }) });
}
