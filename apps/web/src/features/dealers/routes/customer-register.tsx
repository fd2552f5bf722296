import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAR_MODELS,
  CUSTOMER_TYPE,
  type CustomerType,
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
import { Controller, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  AddressFields,
  Button,
  buttonClass,
  LoadingOverlay,
  PageHeader,
  PersonFields,
  RadioGroupField,
  SelectField,
  TextField,
  useFieldErrorText,
} from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import { PasswordGate, useGatedSaveFailure } from '../../../components/password-gate/password-gate';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useLanguages } from '../api/get-languages';
import { useRegisterCustomer } from '../api/register-customer';
import { DeliveryDateField } from '../components/date-field';
import styles from '../components/dealers.module.css';
import { ArrowLeftIcon } from '../../../components/ui/icons';

type Kind = CustomerType;

/** /customers/register: a new or an existing customer (SPEC.md §2, §5). */
export default function CustomerRegisterPage() {
  const { t } = useTranslation('dealers');
  const [kind, setKind] = useState<Kind>(CUSTOMER_TYPE.NEW);
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
                { value: CUSTOMER_TYPE.NEW, label: t('register.typeNew') },
                { value: CUSTOMER_TYPE.EXISTING, label: t('register.typeExisting') },
              ]}
            />
            <Link to={paths.customers} className={buttonClass('ghost', 'small')}>
              <ArrowLeftIcon /> {t('register.backToList')}
            </Link>
          </div>
          <p className={styles.lead}>
            {kind === CUSTOMER_TYPE.NEW ? t('register.newLead') : t('register.existingLead')}
          </p>
          <PasswordGate askOnEntry={false} wrongPasswordText={t('customers.wrongPassword')}>
            <RegisterForm key={kind} kind={kind} />
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

const newDefaults = (languageId: number | undefined): TRegisterNewCustomerInput =>
  ({
    user: { name: '', surname: '', email: '', language_id: languageId ?? '' },
    customer: {
      contract_number: '',
      street: '',
      building_number: '',
      flat_number: '',
      post_code: '',
      city: '',
    },
  }) as TRegisterNewCustomerInput;

const existingDefaults = (languageId: number | undefined): TRegisterExistingCustomerInput => ({
  user: { honorific: '' as unknown as null, name: '', surname: '', language_id: languageId ?? '' },
  customer: { model: '' as unknown as null, vehicle_issue: '', vin_number: '', order_number: '' },
});

/**
 * The registration form of both kinds (SPEC.md §5): one set of fields, of which a NEW customer
 * needs an e-mail, the car's model and maybe the address, and an EXISTING one the delivery date,
 * VIN and order number (name and model optional: the dealer may not know them yet).
 */
function RegisterForm({ kind }: { kind: Kind }) {
  const { t } = useTranslation('dealers');
  const errorText = useFieldErrorText();
  const register = useRegisterCustomer();
  const navigate = useNavigate();
  const languageId = useDefaultLanguageId();
  const isNew = kind === CUSTOMER_TYPE.NEW;
  // The two bodies share their paths (user.*, customer.*); the schema of the kind checks each.
  const form = useForm<FieldValues>({
    resolver: zodResolver(
      isNew ? ZRegisterNewCustomer : ZRegisterExistingCustomer,
    ) as unknown as Resolver<FieldValues>,
    defaultValues: isNew ? newDefaults(languageId) : existingDefaults(languageId),
  });
  const failed = useGatedSaveFailure(form, t('register.saveFailed'));
  const error = (path: string) => errorText(form.getFieldState(path, form.formState).error);
  const submit = form.handleSubmit((body) =>
    register.mutate(
      isNew
        ? { type: CUSTOMER_TYPE.NEW, body: body as TRegisterNewCustomer }
        : { type: CUSTOMER_TYPE.EXISTING, body: body as TRegisterExistingCustomer },
      {
        onSuccess: (data) => navigate(paths.customerEdit(data.customer_id)),
        onError: (error) => failed(error, () => void submit()),
      },
    ),
  );
  return (
    <LoadingOverlay active={register.isPending}>
      <form
        noValidate
        onSubmit={submit}
        aria-label={isNew ? t('register.typeNew') : t('register.typeExisting')}
      >
        <h2 className={styles.groupTitle}>{t('register.personal')}</h2>
        <Controller
          control={form.control}
          name="user.honorific"
          render={({ field }) => (
            <HonorificRadio
              required={isNew}
              value={field.value as Honorific | null}
              onChange={field.onChange}
              error={error('user.honorific')}
            />
          )}
        />
        <PersonFields
          form={form}
          name={(part) => `user.${part}`}
          own={false}
          required={isNew}
          labels={{
            name: t('fields.name'),
            surname: t('fields.surname'),
            ...(isNew ? { email: t('fields.email') } : {}),
          }}
        >
          <LanguageSelect error={error('user.language_id')} {...form.register('user.language_id')} />
        </PersonFields>
        <h2 className={styles.groupTitle}>{t('register.car')}</h2>
        <div className={formLayout.grid}>
          {!isNew && (
            <>
              <DeliveryDateField form={form} required />
              <TextField
                label={t('fields.vin')}
                hint={t('fields.vinHint')}
                required
                maxLength={17}
                autoComplete="off"
                style={{ textTransform: 'uppercase' }}
                error={error('customer.vin_number')}
                {...form.register('customer.vin_number')}
              />
              <TextField
                label={t('fields.orderNumber')}
                required
                autoComplete="off"
                error={error('customer.order_number')}
                {...form.register('customer.order_number')}
              />
            </>
          )}
          <SelectField
            label={t('fields.model')}
            required={isNew}
            error={error('customer.model')}
            {...form.register('customer.model')}
          >
            <option value="">{t('fields.choose')}</option>
            {CAR_MODELS.map((m) => (
              <option key={m} value={m}>
                {t(`model.${m}`)}
              </option>
            ))}
          </SelectField>
          {isNew && (
            <TextField
              label={t('fields.contractNumber')}
              error={error('customer.contract_number')}
              {...form.register('customer.contract_number')}
            />
          )}
        </div>
        {isNew && (
          <>
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
          </>
        )}
        <div className={formLayout.actions}>
          <Button type="submit" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </div>
      </form>
    </LoadingOverlay>
  );
}
