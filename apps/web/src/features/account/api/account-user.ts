import {
  DEFAULT_INTERESTS,
  type Honorific,
  type TAddress,
  type TClubCard,
  type TConsents,
  type TConsentTimes,
  type TCustomerUser,
  type TDealerUser,
  type TInvoiceFields,
  USER_TYPE,
} from '@club/shared';
import { accountContract } from '@club/shared/contract/account';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';

/** SPEC.md §2: customers load customers/item, dealers dealers/item. */
const endpointOf = (type: string) =>
  type === USER_TYPE.DEALER ? accountContract.dealer : accountContract.customer;

export const getAccountUser = (type: string): Promise<TCustomerUser | TDealerUser> =>
  type === USER_TYPE.DEALER ? fetchData(accountContract.dealer) : fetchData(accountContract.customer);

/** One shape for both roles: the screens read this, whichever endpoint answered. */
export type AccountView = {
  isCustomer: boolean;
  id: number;
  email: string;
  name: string;
  surname: string;
  honorific: Honorific | null;
  phone: string | null;
  phonePrefix: string | null;
  address: TAddress;
  card: TClubCard;
  consents: TConsents;
  /** When each given consent was given (ISO); absent when not recorded. */
  consentsGivenAt: TConsentTimes['consents_given_at'];
  invoice: TInvoiceFields;
  interests: number[];
};

export function toAccountView(user: TCustomerUser | TDealerUser): AccountView {
  const source = user.type === USER_TYPE.CUSTOMER ? user.customer : user;
  const isCustomer = user.type === USER_TYPE.CUSTOMER;
  return {
    isCustomer,
    id: user.id,
    email: user.email,
    name: user.name,
    surname: user.surname,
    honorific: user.honorific,
    phone: user.phone,
    phonePrefix: user.phone_prefix,
    address: {
      street: source.street,
      building_number: source.building_number,
      flat_number: source.flat_number,
      post_code: source.post_code,
      city: source.city,
    },
    card: {
      card_number: source.card_number,
      name: source.name,
      surname: source.surname,
      street: source.street,
      building_number: source.building_number,
      flat_number: source.flat_number,
      post_code: source.post_code,
      city: source.city,
      created_at: source.created_at,
      valid_to: source.valid_to,
    },
    consents: {
      term_1: source.term_1,
      term_2: source.term_2,
      term_2a: source.term_2a,
      term_3: source.term_3,
      term_4_car: source.term_4_car,
      term_4_email: source.term_4_email,
      term_4_group: source.term_4_group,
      term_4_phone: source.term_4_phone,
      term_4_post: source.term_4_post,
    },
    consentsGivenAt: user.type === USER_TYPE.CUSTOMER ? user.customer.consents_given_at : {},
    invoice: {
      invoice_company_name: source.invoice_company_name,
      invoice_street: source.invoice_street,
      invoice_building_number: source.invoice_building_number,
      invoice_locale_number: source.invoice_locale_number,
      invoice_post_code: source.invoice_post_code,
      invoice_city: source.invoice_city,
      tax_number: source.tax_number,
      tax_number_prefix: source.tax_number_prefix,
    },
    // SPEC.md §5: a non-customer sees the default selection.
    interests: isCustomer ? source.interests : [...DEFAULT_INTERESTS],
  };
}

export function useAccountUser() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...queryKeyOf(endpointOf(user?.type ?? USER_TYPE.CUSTOMER)), user?.id],
    queryFn: async () => toAccountView(await getAccountUser(user?.type ?? USER_TYPE.CUSTOMER)),
    enabled: !!user,
    staleTime: 0,
  });
}
