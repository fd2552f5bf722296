import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type InvoiceFields = Partial<
  Record<
    | 'invoice_company_name'
    | 'invoice_street'
    | 'invoice_building_number'
    | 'invoice_post_code'
    | 'invoice_city'
    | 'tax_number_prefix'
    | 'tax_number',
    string | null
  >
>;

const REQUIRED: (keyof InvoiceFields)[] = [
  'invoice_company_name',
  'invoice_street',
  'invoice_building_number',
  'invoice_post_code',
  'invoice_city',
  'tax_number_prefix',
  'tax_number',
];

/** Whether the member's invoice data is complete enough for a VAT invoice (the server checks again). */
export function useInvoiceDataComplete() {
  return useQuery({
    queryKey: ['cart', 'invoice-data'],
    queryFn: async () => {
      const user = await api.get<{ customer?: InvoiceFields }>('/customers/item');
      return REQUIRED.every((k) => Boolean(user.customer?.[k]?.toString().trim()));
    },
  });
}
