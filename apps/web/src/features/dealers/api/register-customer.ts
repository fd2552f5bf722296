import type { TRegisterExistingCustomer, TRegisterNewCustomer } from '@club/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealerCustomersKey } from './get-customers';

type Registered = { customer_id: number };

export const registerNewCustomer = (body: TRegisterNewCustomer) =>
  api.post<Registered>('/dealers/customers/register/new', body);
export const registerExistingCustomer = (body: TRegisterExistingCustomer) =>
  api.post<Registered>('/dealers/customers/register/existing', body);

export function useRegisterCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { type: 'NEW'; body: TRegisterNewCustomer }
        | { type: 'EXISTING'; body: TRegisterExistingCustomer },
    ) => (input.type === 'NEW' ? registerNewCustomer(input.body) : registerExistingCustomer(input.body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealerCustomersKey }),
  });
}
