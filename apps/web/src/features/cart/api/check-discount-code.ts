import type { TCheckDiscountCode, TDiscountCheck } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const checkDiscountCode = (input: TCheckDiscountCode) =>
  api.post<TDiscountCheck>('/sales/cart/check-discount-code', input);

export function useCheckDiscountCode() {
  return useMutation({ mutationFn: checkDiscountCode });
}
