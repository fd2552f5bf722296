import { zodResolver } from '@hookform/resolvers/zod';
import { type TaxationForm, type TBonusSignup, type TBonusSignupInput, ZBonusSignup } from '@club/shared';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  isPasswordCheckRequired,
  PasswordGate,
  usePasswordGate,
  useGatedSaveFailure,
} from '../../../components/password-gate/password-gate';
import {
  Button,
  buttonClass,
  ConsentCheckboxList,
  DataLoadError,
  LoadingOverlay,
  PersonFields,
  PageHeader,
  RadioGroupField,
  TextField,
  useFieldErrorText,
  usePopup,
} from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useStoreBonus } from '../api/store-bonus';
import { useTaxOffices } from '../api/get-tax-offices';
import styles from '../components/bonus.module.css';
import { TaxOfficePicker } from '../components/tax-office-picker';

const TERMS = ['term_1', 'term_2', 'term_3', 'term_4'] as const;

/** /bonus: the dealer's bonus programme sign-up, behind the password re-entry (SPEC.md §2, §5). */
export default function BonusPage() {
  const { t } = useTranslation('bonus');
  const { user } = useSession();
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
      <div className={`container ${styles.body}`}>
        {user?.has_bonus ? (
          <section className={`${styles.panel} ${styles.done}`}>
            <p role="status">{t('already')}</p>
            <Link to={paths.home} className={buttonClass('primary')}>
              {t('toHome')}
            </Link>
          </section>
        ) : (
          <PasswordGate wrongPasswordText={t('wrongPassword')}>
            <BonusForm />
          </PasswordGate>
        )}
      </div>
    </>
  );
}

function BonusForm() {
  const { t } = useTranslation('bonus');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const navigate = useNavigate();
  const gate = usePasswordGate();
  const { user } = useSession();
  const offices = useTaxOffices();
  const store = useStoreBonus();
  const form = useForm<TBonusSignupInput, unknown, TBonusSignup>({
    resolver: zodResolver(ZBonusSignup),
    defaultValues: {
      name: user?.name ?? '',
      surname: user?.surname ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      post_code: '',
      city: '',
      pesel: '',
      tax_number: '',
      taxation_form: undefined,
      tax_office: '',
      correspondence_address: '',
      term_1: false,
      term_2: false,
      term_3: false,
      term_4: false,
    },
  });
  const e = form.formState.errors;
  const taxationForm = form.watch('taxation_form') as TaxationForm | undefined;
  const jdg = taxationForm === 'JDG';

  useEffect(() => {
    if (isPasswordCheckRequired(offices.error)) gate.expire();
  }, [offices.error, gate]);

  const failed = useGatedSaveFailure(form, t('failed'));
  const submit = form.handleSubmit((body) =>
    store.mutate(body, {
      onSuccess: async () => {
        await popup.success(t('saved'));
        navigate(paths.home);
      },
      onError: (error) => failed(error, () => void submit()),
    }),
  );

  return (
    <LoadingOverlay active={store.isPending}>
      <form className={styles.panel} noValidate onSubmit={submit} aria-label={t('title')}>
        <h2 className={styles.groupTitle}>{t('personal')}</h2>
        <PersonFields
          form={form}
          labels={{ name: t('fields.name'), surname: t('fields.surname'), email: t('fields.email') }}
        >
          <TextField
            label={t('fields.phone')}
            type="tel"
            required
            autoComplete="tel"
            error={errorText(e.phone)}
            {...form.register('phone')}
          />
        </PersonFields>
        <h2 className={styles.groupTitle}>{t('address')}</h2>
        <div className={formLayout.grid3}>
          <TextField
            label={t('fields.address')}
            required
            autoComplete="street-address"
            error={errorText(e.address)}
            {...form.register('address')}
          />
          <TextField
            label={t('fields.postCode')}
            required
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={6}
            hint={t('fields.postCodeHint')}
            error={errorText(e.post_code)}
            {...form.register('post_code')}
          />
          <TextField
            label={t('fields.city')}
            required
            autoComplete="address-level2"
            error={errorText(e.city)}
            {...form.register('city')}
          />
        </div>
        <TextField
          label={t('fields.correspondenceAddress')}
          error={errorText(e.correspondence_address)}
          {...form.register('correspondence_address')}
        />
        <h2 className={styles.groupTitle}>{t('tax')}</h2>
        <p className={styles.note}>{t('fields.peselOrNip')}</p>
        <div className={formLayout.grid}>
          <TextField
            label={t('fields.pesel')}
            inputMode="numeric"
            maxLength={11}
            autoComplete="off"
            error={errorText(e.pesel)}
            {...form.register('pesel')}
          />
          <TextField
            label={t('fields.taxNumber')}
            inputMode="numeric"
            maxLength={13}
            autoComplete="off"
            error={errorText(e.tax_number)}
            {...form.register('tax_number')}
          />
        </div>
        <Controller
          control={form.control}
          name="taxation_form"
          render={({ field }) => (
            <RadioGroupField<TaxationForm>
              legend={`${t('fields.taxationForm')} *`}
              name={field.name}
              value={field.value as TaxationForm | undefined}
              onValueChange={(v) => {
                field.onChange(v);
                // JDG clears the tax office and disables the picker (SPEC.md §5).
                if (v === 'JDG')
                  form.setValue('tax_office', '', { shouldValidate: form.formState.isSubmitted });
              }}
              error={errorText(e.taxation_form)}
              options={[
                { value: 'PIT-11', label: t('fields.pit11') },
                { value: 'JDG', label: t('fields.jdg') },
              ]}
            />
          )}
        />
        {offices.isError && !isPasswordCheckRequired(offices.error) ? (
          <DataLoadError onRetry={() => void offices.refetch()} />
        ) : (
          <Controller
            control={form.control}
            name="tax_office"
            render={({ field }) => (
              <TaxOfficePicker
                offices={offices.data ?? []}
                value={(field.value as string | null) ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={jdg || offices.isPending}
                required={!jdg}
                hint={offices.isPending ? t('fields.taxOfficesLoading') : t('fields.taxOfficeHint')}
                error={errorText(e.tax_office)}
              />
            )}
          />
        )}
        <h2 className={styles.groupTitle}>{t('terms')}</h2>
        <ConsentCheckboxList control={form.control} names={TERMS} label={(term) => t(term)} required />
        <div className={formLayout.actions}>
          <Button type="submit" loading={store.isPending}>
            {t('submit')}
          </Button>
        </div>
      </form>
    </LoadingOverlay>
  );
}
