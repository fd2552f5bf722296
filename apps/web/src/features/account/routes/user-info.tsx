import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONSENT_KEYS,
  DEFAULT_PHONE_COUNTRY_OTHER,
  DEFAULT_PHONE_COUNTRY_PL,
  PERMANENT_CONSENTS,
  type TCustomerProfileInput,
  type TCustomerProfileUpdate,
  ZCustomerProfileUpdate,
} from '@club/shared';
import { type CountryCode, getCountryCallingCode } from 'libphonenumber-js/min';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  AddressFields,
  Button,
  CheckboxField,
  LoadingOverlay,
  PersonFields,
  RadioGroupField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import { paths } from '../../../config/paths';
import { useConsentText } from '../../../lib/consents';
import { reloadCurrentUser, useSession } from '../../../lib/session';
import type { AccountView } from '../api/account-user';
import { useRemoveAccount } from '../api/remove-account';
import { useUpdateProfile } from '../api/update-profile';
import styles from '../components/account.module.css';
import { AccountSection } from '../components/account-section';
import { ConsentHistory } from '../components/consent-history';
import { useAccount } from '../components/account-layout';
import { countryForPrefix, PhoneField } from '../components/phone-field';

const PERMANENT = new Set<string>(PERMANENT_CONSENTS);
/** The channels in the order the invited customer first saw them (the consents page). */
const MARKETING = [
  'term_4_email',
  'term_4_post',
  'term_4_phone',
  'term_4_car',
  'term_4_group',
] as const satisfies readonly (typeof CONSENT_KEYS)[number][];
const RULES = CONSENT_KEYS.filter((k) => !k.startsWith('term_4'));

function toFormValues(account: AccountView, prefix: string): TCustomerProfileInput {
  return {
    honorific: account.honorific ?? ('' as 'MR'),
    name: account.name,
    surname: account.surname,
    phone_prefix: prefix,
    phone: account.phone ?? '',
    customer: {
      street: account.address.street ?? '',
      building_number: account.address.building_number ?? '',
      flat_number: account.address.flat_number ?? '',
      post_code: account.address.post_code ?? '',
      city: account.address.city ?? '',
      ...account.consents,
    },
  };
}

/** /account/user-info: the profile form of SPEC.md §2; read-only for dealers (SPEC.md §6). */
export default function UserInfoPage() {
  const { t, i18n } = useTranslation('account');
  const consent = useConsentText();
  // "12.03.2026" in Polish, "12/03/2026" in English: the day the member gave the consent, in Poland.
  const givenDate = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Warsaw',
  });
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const navigate = useNavigate();
  const { account } = useAccount();
  const { language, patchUser } = useSession();
  const editable = account.isCustomer;
  const fallbackCountry = (
    language === 'pl' ? DEFAULT_PHONE_COUNTRY_PL : DEFAULT_PHONE_COUNTRY_OTHER
  ) as CountryCode;
  const [country, setCountry] = useState<CountryCode>(() =>
    countryForPrefix(account.phonePrefix, fallbackCountry),
  );
  const update = useUpdateProfile();
  const remove = useRemoveAccount();

  const initialPrefix = account.phonePrefix ? `+${account.phonePrefix.replace(/\+/g, '')}` : '';
  const form = useForm<TCustomerProfileInput, unknown, TCustomerProfileUpdate>({
    resolver: zodResolver(ZCustomerProfileUpdate),
    defaultValues: toFormValues(account, initialPrefix || `+${getCountryCallingCode(country)}`),
  });
  const { errors } = form.formState;
  const saved = account.consents;

  const failed = useSaveFailure(form, t('profile.saveFailed'));
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values as unknown as TCustomerProfileInput);
        patchUser({ name: values.name, surname: values.surname, honorific: values.honorific });
        reloadCurrentUser();
        void popup.success(t('profile.saved'));
      },
      onError: failed,
    }),
  );

  const removeAccount = async () => {
    const ok = await popup.confirm({
      title: t('profile.removeTitle'),
      body: t('profile.removeConfirm'),
      confirmLabel: t('profile.removeConfirmButton'),
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => navigate(paths.logout, { replace: true }),
      onError: (error) => void popup.warning(error, t('profile.removeFailed')),
    });
  };

  const givenAt = account.consentsGivenAt;
  const consentLabel = (key: (typeof CONSENT_KEYS)[number]) => {
    if (!saved[key]) return consent(key);
    const at = givenAt[key];
    return (
      <>
        {consent(key)}{' '}
        <span className={styles.consentGiven} data-testid={`consent-given-${key}`}>
          ({at ? t('profile.givenOn', { date: givenDate.format(new Date(at)) }) : t('profile.given')})
        </span>
      </>
    );
  };

  const consentBox = (key: (typeof CONSENT_KEYS)[number], label: ReactNode) => (
    <Controller
      key={key}
      control={form.control}
      name={`customer.${key}`}
      render={({ field }) => (
        <CheckboxField
          name={field.name}
          label={label}
          checked={field.value === true || field.value === 1}
          onCheckedChange={field.onChange}
          disabled={!editable || (PERMANENT.has(key) && saved[key])}
        />
      )}
    />
  );

  return (
    <>
      <AccountSection id="profile" title={t('profile.title')} lead={t('profile.lead')} readOnly={!editable}>
        <LoadingOverlay active={update.isPending}>
          <form noValidate onSubmit={submit}>
            <fieldset className={formLayout.fieldset} disabled={!editable}>
              <h3 className={styles.groupTitle}>{t('profile.personal')}</h3>
              <Controller
                control={form.control}
                name="honorific"
                render={({ field }) => (
                  <RadioGroupField
                    name={field.name}
                    legend={`${t('profile.honorific')} *`}
                    value={field.value || undefined}
                    onValueChange={field.onChange}
                    disabled={!editable}
                    error={errorText(errors.honorific)}
                    options={[
                      { value: 'MRS', label: t('profile.mrs') },
                      { value: 'MR', label: t('profile.mr') },
                    ]}
                  />
                )}
              />
              <PersonFields
                form={form}
                labels={{ name: t('profile.name'), surname: t('profile.surname'), email: t('profile.email') }}
                readOnlyEmail={account.email}
                emailHint={t('profile.emailHint')}
              >
                <Controller
                  control={form.control}
                  name="phone"
                  render={({ field }) => (
                    <PhoneField
                      country={country}
                      onCountryChange={(c) => {
                        setCountry(c.country);
                        form.setValue('phone_prefix', c.prefix, {
                          shouldDirty: true,
                          shouldValidate: form.formState.isSubmitted,
                        });
                      }}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      required
                      disabled={!editable}
                      error={errorText(errors.phone)}
                      prefixError={errorText(errors.phone_prefix)}
                    />
                  )}
                />
              </PersonFields>

              <h3 className={styles.groupTitle}>{t('profile.address')}</h3>
              <AddressFields
                form={form}
                name={(part) => `customer.${part}`}
                labels={{
                  street: t('profile.street'),
                  building_number: t('profile.buildingNumber'),
                  flat_number: t('profile.flatNumber'),
                  post_code: t('profile.postCode'),
                  city: t('profile.city'),
                }}
                autoComplete
              />

              <h3 className={styles.groupTitle}>{t('profile.consents')}</h3>
              <p className={styles.counter}>{t('profile.consentsLead')}</p>
              {RULES.map((key) => consentBox(key, consentLabel(key)))}
              <p className={styles.counter} style={{ marginTop: 'var(--space-4)' }}>
                {consent('marketing')}
              </p>
              <div className={formLayout.grid}>
                {MARKETING.map((key) => consentBox(key, consentLabel(key)))}
              </div>
            </fieldset>
            <div className={formLayout.actions}>
              <Button type="submit" loading={update.isPending} disabled={!editable || update.isPending}>
                {t('profile.save')}
              </Button>
            </div>
          </form>
        </LoadingOverlay>
      </AccountSection>

      {editable && <ConsentHistory />}

      <section className={`${styles.panel} ${styles.danger}`} aria-labelledby="remove-title">
        <h3 id="remove-title">{t('profile.dangerTitle')}</h3>
        <p className={styles.lead}>{t('profile.dangerText')}</p>
        <Button
          variant="danger"
          onClick={removeAccount}
          loading={remove.isPending}
          disabled={!editable || remove.isPending}
        >
          {t('profile.remove')}
        </Button>
      </section>
    </>
  );
}
