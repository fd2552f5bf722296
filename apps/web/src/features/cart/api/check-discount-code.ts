import { cartContract } from '@club/shared/contract/cart';
import type { TCheckDiscountCode } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from '../../../lib/endpoint';

export function useCheckDiscountCode() {
  return useMutation({
    mutationFn: (body: TCheckDiscountCode) => fetchData(cartContract.checkDiscountCode, { body }),
  });
}
