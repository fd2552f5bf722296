import { CUSTOMER_TYPE, type TRegisterExistingCustomer, type TRegisterNewCustomer } from '@club/shared';
import { dealersContract } from '@club/shared/contract/dealers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../../../lib/endpoint';
import { dealerCustomersKey } from './get-customers';

export const registerNewCustomer = (body: TRegisterNewCustomer) =>
  fetchData(dealersContract.registerNew, { body });
export const registerExistingCustomer = (body: TRegisterExistingCustomer) =>
  fetchData(dealersContract.registerExisting, { body });

export function useRegisterCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { type: typeof CUSTOMER_TYPE.NEW; body: TRegisterNewCustomer }
        | { type: typeof CUSTOMER_TYPE.EXISTING; body: TRegisterExistingCustomer },
    ) =>
      input.type === CUSTOMER_TYPE.NEW
        ? registerNewCustomer(input.body)
        : registerExistingCustomer(input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealerCustomersKey }),
  });
}
