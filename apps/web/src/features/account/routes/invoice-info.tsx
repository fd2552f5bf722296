import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_TAX_PREFIX,
  TAX_NUMBER_PREFIXES,
  type TInvoiceData,
  type TInvoiceDataInput,
  ZInvoiceData,
} from '@club/shared';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AddressFields,
  Button,
  LoadingOverlay,
  SelectField,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import { reloadCurrentUser } from '../../../lib/session';
import { useUpdateInvoiceData } from '../api/update-invoice-data';
import { AccountSection } from '../components/account-section';
import { useAccount } from '../components/account-layout';

/** VAT prefixes are ISO country codes except Greece (EL). */
const isoOf = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix);

/** /account/invoice-info: editable by customers only (SPEC.md §2). */
export default function InvoiceInfoPage() {
  const { t, i18n } = useTranslation('account');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const { account } = useAccount();
  const editable = account.isCustomer;
  const update = useUpdateInvoiceData();
  const inv = account.invoice;

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const list = TAX_NUMBER_PREFIXES.map((p) => ({ prefix: p, name: names.of(isoOf(p)) ?? p }));
    const [first, ...rest] = list;
    return [first!, ...rest.sort((a, b) => a.name.localeCompare(b.name, i18n.language))];
  }, [i18n.language]);

  const form = useForm<TInvoiceDataInput, unknown, TInvoiceData>({
    resolver: zodResolver(ZInvoiceData),
    defaultValues: {
      invoice_company_name: inv.invoice_company_name ?? '',
      invoice_street: inv.invoice_street ?? '',
      invoice_building_number: inv.invoice_building_number ?? '',
      invoice_locale_number: inv.invoice_locale_number ?? '',
      invoice_post_code: inv.invoice_post_code ?? '',
      invoice_city: inv.invoice_city ?? '',
      tax_number_prefix:
        (inv.tax_number_prefix as TInvoiceDataInput['tax_number_prefix']) ?? DEFAULT_TAX_PREFIX,
      tax_number: inv.tax_number ?? '',
    },
  });
  const { errors } = form.formState;
  const prefix = form.watch('tax_number_prefix');

  const failed = useSaveFailure(form, t('invoice.saveFailed'));
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset({ ...values, invoice_locale_number: values.invoice_locale_number ?? '' });
        reloadCurrentUser();
        void popup.success(t('invoice.saved'));
      },
      onError: failed,
    }),
  );

  return (
    <AccountSection
      id="invoice"
      title={t('invoice.title')}
      lead={t(editable ? 'invoice.lead' : 'invoice.leadDealer')}
      readOnly={!editable}
    >
      <LoadingOverlay active={update.isPending}>
        <form noValidate onSubmit={submit}>
          <fieldset className={formLayout.fieldset} disabled={!editable}>
            <TextField
              label={t('invoice.company')}
              required
              autoComplete="organization"
              error={errorText(errors.invoice_company_name)}
              {...form.register('invoice_company_name')}
            />
            <AddressFields
              form={form}
              name={(part) => (part === 'flat_number' ? 'invoice_locale_number' : `invoice_${part}`)}
              labels={{
                street: t('invoice.street'),
                building_number: t('invoice.buildingNumber'),
                flat_number: t('invoice.flatNumber'),
                post_code: t('invoice.postCode'),
                city: t('invoice.city'),
              }}
              required
            >
              <SelectField
                label={t('invoice.country')}
                required
                error={errorText(errors.tax_number_prefix)}
                {...form.register('tax_number_prefix')}
              >
                {countries.map((c) => (
                  <option key={c.prefix} value={c.prefix}>
                    {c.prefix} – {c.name}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('invoice.taxNumber')}
                required
                inputMode={prefix === 'PL' ? 'numeric' : 'text'}
                hint={prefix === 'PL' ? t('invoice.taxNumberHintPl') : t('invoice.taxNumberHintOther')}
                error={errorText(errors.tax_number)}
                {...form.register('tax_number')}
              />
            </AddressFields>
          </fieldset>
          <div className={formLayout.actions}>
            <Button type="submit" loading={update.isPending} disabled={!editable || update.isPending}>
              {t('invoice.save')}
            </Button>
          </div>
        </form>
      </LoadingOverlay>
    </AccountSection>
  );
}
