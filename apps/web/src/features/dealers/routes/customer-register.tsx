import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAR_MODELS,
  HONORIFICS,
  type Honorific,
  type TRegisterExistingCustomer,
  type TRegisterExistingCustomerInput,
  type TRegisterNewCustomer,
  type TRegisterNewCustomerInput,
  ZRegisterExistingCustomer,
  ZRegisterNewCustomer,
} from '@club/shared';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  AddressFields,
  applyServerErrors,
  Button,
  buttonClass,
  LoadingOverlay,
  PageHeader,
  RadioGroupField,
  SelectField,
  TextField,
  useFieldErrorText,
  usePopup,
} from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import {
  isPasswordCheckRequired,
  PasswordGate,
  usePasswordGate,
} from '../../../components/password-gate/password-gate';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useLanguages } from '../api/get-languages';
import { useRegisterCustomer } from '../api/register-customer';
import { DateField } from '../components/date-field';
import styles from '../components/dealers.module.css';

type Kind = 'NEW' | 'EXISTING';

/** Error text of a field; the date bounds travel inside the message (validation.dateMin|{"date":…}). */
const useErrorText = useFieldErrorText;

/** /customers/register: a new or an existing customer (SPEC.md §2, §5). */
export default function CustomerRegisterPage() {
  const { t } = useTranslation('dealers');
  const [kind, setKind] = useState<Kind>('NEW');
  return (
    <>
      <PageHeader
        eyebrow={t('customers.eyebrow')}
        title={t('register.title')}
        subtitle={t('register.subtitle')}
      />
      <div className={`container ${styles.body}`}>
        <section className={styles.panel}>
          <div className={styles.registerTop}>
            <RadioGroupField<Kind>
              legend={t('register.typeLegend')}
              name="customer-type"
              value={kind}
              onValueChange={setKind}
              options={[
                { value: 'NEW', label: t('register.typeNew') },
                { value: 'EXISTING', label: t('register.typeExisting') },
              ]}
            />
            <Link to={paths.customers} className={buttonClass('ghost', 'small')}>
              ← {t('register.backToList')}
            </Link>
          </div>
          <p className={styles.lead}>{kind === 'NEW' ? t('register.newLead') : t('register.existingLead')}</p>
          <PasswordGate askOnEntry={false} wrongPasswordText={t('customers.wrongPassword')}>
            {kind === 'NEW' ? <NewCustomerForm /> : <ExistingCustomerForm />}
          </PasswordGate>
        </section>
      </div>
    </>
  );
}

function useDefaultLanguageId() {
  const languages = useLanguages();
  const { language } = useSession();
  return languages.find((l) => l.code === language)?.id ?? languages[0]?.id;
}

function LanguageSelect({
  error,
  ...rest
}: { error?: string } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const { t } = useTranslation('dealers');
  const { t: common } = useTranslation();
  const languages = useLanguages();
  return (
    <SelectField label={t('fields.language')} required error={error} {...rest}>
      <option value="">{t('fields.choose')}</option>
      {languages.map((l) => (
        <option key={l.id} value={l.id}>
          {common(`language.${l.code}`)}
        </option>
      ))}
    </SelectField>
  );
}

function HonorificRadio({
  value,
  onChange,
  error,
  required,
}: {
  value: Honorific | null | undefined | '';
  onChange: (v: Honorific) => void;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('dealers');
  return (
    <RadioGroupField<Honorific>
      legend={`${t('fields.honorific')}${required ? ' *' : ''}`}
      value={value || undefined}
      onValueChange={onChange}
      error={error}
      options={HONORIFICS.map((h) => ({ value: h, label: t(`honorific.${h}`) }))}
    />
  );
}

function useAfterRegister() {
  const navigate = useNavigate();
  const popup = usePopup();
  const { t } = useTranslation('dealers');
  const gate = usePasswordGate();
  return {
    onSuccess: (data: { customer_id: number }) => navigate(paths.customerEdit(data.customer_id)),
    // A lapsed re-entry asks for the password over the kept form; the dealer then saves again.
    fail: (error: unknown) =>
      isPasswordCheckRequired(error) ? gate.expire() : void popup.warning(error, t('register.saveFailed')),
  };
}

function NewCustomerForm() {
  const { t } = useTranslation('dealers');
  const errorText = useErrorText();
  const register = useRegisterCustomer();
  const after = useAfterRegister();
  const languageId = useDefaultLanguageId();
  const form = useForm<TRegisterNewCustomerInput, unknown, TRegisterNewCustomer>({
    resolver: zodResolver(ZRegisterNewCustomer),
    defaultValues: {
      user: { name: '', surname: '', email: '', language_id: languageId ?? '' },
      customer: {
        contract_number: '',
        street: '',
        building_number: '',
        flat_number: '',
        post_code: '',
        city: '',
      },
    },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    register.mutate(
      { type: 'NEW', body },
      { onSuccess: after.onSuccess, onError: (error) => applyServerErrors(form, error) || after.fail(error) },
    ),
  );
  return (
    <LoadingOverlay active={register.isPending}>
      <form noValidate onSubmit={submit} aria-label={t('register.typeNew')}>
        <h2 className={styles.groupTitle}>{t('register.personal')}</h2>
        <Controller
          control={form.control}
          name="user.honorific"
          render={({ field }) => (
            <HonorificRadio
              required
              value={field.value}
              onChange={field.onChange}
              error={errorText(e.user?.honorific)}
            />
          )}
        />
        <div className={formLayout.grid}>
          <TextField
            label={t('fields.name')}
            required
            autoComplete="off"
            error={errorText(e.user?.name)}
            {...form.register('user.name')}
          />
          <TextField
            label={t('fields.surname')}
            required
            autoComplete="off"
            error={errorText(e.user?.surname)}
            {...form.register('user.surname')}
          />
          <TextField
            label={t('fields.email')}
            type="email"
            required
            autoComplete="off"
            error={errorText(e.user?.email)}
            {...form.register('user.email')}
          />
          <LanguageSelect
            error={errorText(e.user?.language_id as FieldError | undefined)}
            {...form.register('user.language_id')}
          />
        </div>
        <h2 className={styles.groupTitle}>{t('register.car')}</h2>
        <div className={formLayout.grid}>
          <SelectField
            label={t('fields.model')}
            required
            error={errorText(e.customer?.model)}
            {...form.register('customer.model')}
          >
            <option value="">{t('fields.choose')}</option>
            {CAR_MODELS.map((m) => (
              <option key={m} value={m}>
                {t(`model.${m}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('fields.contractNumber')}
            error={errorText(e.customer?.contract_number)}
            {...form.register('customer.contract_number')}
          />
        </div>
        <h2 className={styles.groupTitle}>{t('register.address')}</h2>
        <AddressFields
          form={form}
          name={(part) => `customer.${part}`}
          labels={{
            street: t('fields.street'),
            building_number: t('fields.buildingNumber'),
            flat_number: t('fields.flatNumber'),
            post_code: t('fields.postCode'),
            city: t('fields.city'),
          }}
        />
        <div className={formLayout.actions}>
          <Button type="submit" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </div>
      </form>
    </LoadingOverlay>
  );
}

function ExistingCustomerForm() {
  const { t } = useTranslation('dealers');
  const errorText = useErrorText();
  const register = useRegisterCustomer();
  const after = useAfterRegister();
  const languageId = useDefaultLanguageId();
  const form = useForm<TRegisterExistingCustomerInput, unknown, TRegisterExistingCustomer>({
    resolver: zodResolver(ZRegisterExistingCustomer),
    defaultValues: {
      user: { honorific: '' as unknown as null, name: '', surname: '', language_id: languageId ?? '' },
      customer: { model: '' as unknown as null, vehicle_issue: '', vin_number: '', order_number: '' },
    },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    register.mutate(
      { type: 'EXISTING', body },
      { onSuccess: after.onSuccess, onError: (error) => applyServerErrors(form, error) || after.fail(error) },
    ),
  );
  return (
    <LoadingOverlay active={register.isPending}>
      <form noValidate onSubmit={submit} aria-label={t('register.typeExisting')}>
        <h2 className={styles.groupTitle}>{t('register.personal')}</h2>
        <Controller
          control={form.control}
          name="user.honorific"
          render={({ field }) => (
            <HonorificRadio
              value={field.value as Honorific | null}
              onChange={field.onChange}
              error={errorText(e.user?.honorific)}
            />
          )}
        />
        <div className={formLayout.grid}>
          <TextField
            label={t('fields.name')}
            autoComplete="off"
            error={errorText(e.user?.name)}
            {...form.register('user.name')}
          />
          <TextField
            label={t('fields.surname')}
            autoComplete="off"
            error={errorText(e.user?.surname)}
            {...form.register('user.surname')}
          />
          <LanguageSelect
            error={errorText(e.user?.language_id as FieldError | undefined)}
            {...form.register('user.language_id')}
          />
        </div>
        <h2 className={styles.groupTitle}>{t('register.car')}</h2>
        <div className={formLayout.grid}>
          <Controller
            control={form.control}
            name="customer.vehicle_issue"
            render={({ field }) => (
              <DateField
                label={t('fields.vehicleIssue')}
                hint={t('fields.vehicleIssueHint')}
                required
                name={field.name}
                value={field.value as string}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errorText(e.customer?.vehicle_issue)}
              />
            )}
          />
          <TextField
            label={t('fields.vin')}
            hint={t('fields.vinHint')}
            required
            maxLength={17}
            autoComplete="off"
            style={{ textTransform: 'uppercase' }}
            error={errorText(e.customer?.vin_number)}
            {...form.register('customer.vin_number')}
          />
          <TextField
            label={t('fields.orderNumber')}
            required
            autoComplete="off"
            error={errorText(e.customer?.order_number)}
            {...form.register('customer.order_number')}
          />
          <SelectField
            label={t('fields.model')}
            error={errorText(e.customer?.model)}
            {...form.register('customer.model')}
          >
            <option value="">{t('fields.choose')}</option>
            {CAR_MODELS.map((m) => (
              <option key={m} value={m}>
                {t(`model.${m}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={formLayout.actions}>
          <Button type="submit" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </div>
      </form>
    </LoadingOverlay>
  );
}
