import { zodResolver } from '@hookform/resolvers/zod';
import { passwordPolicyFailures, type TActivateAccountInput, ZActivateAccount } from '@club/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  applyServerErrors,
  Button,
  buttonClass,
  DataLoadError,
  PasswordField,
  Spinner,
  useFieldErrorText,
  usePopup,
} from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { useActivateAccount, useActivationInvitation } from '../api/activate';
import styles from '../components/dealers.module.css';
import { PublicCard } from '../components/public-card';

const RULES = [
  ['length', 'ruleLength'],
  ['upper', 'ruleUpper'],
  ['lower', 'ruleLower'],
  ['digit', 'ruleDigit'],
  ['special', 'ruleSpecial'],
] as const;

/** /activate?token=: the customer sets a password and becomes REGISTERED (DESIGN.md §5, §6). No session. */
export default function ActivatePage() {
  const { t } = useTranslation('dealers');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useActivationInvitation(token);
  const languageApplied = useRef(false);
  useEffect(() => {
    if (invitation.data && !languageApplied.current) {
      languageApplied.current = true;
      if (!localStorage.getItem('club.language')) setLanguage(invitation.data.language_code);
    }
  }, [invitation.data]);

  if (!token) return <InvalidLink text={t('agreements.missingToken')} />;
  if (invitation.isPending) {
    return (
      <PublicCard title={t('activate.title')} narrow>
        <div className={styles.centered} data-testid="activate-loading">
          <Spinner />
        </div>
      </PublicCard>
    );
  }
  if (invitation.error instanceof ApiError && invitation.error.status === 404)
    return <InvalidLink text={t('agreements.invalid')} />;
  if (invitation.isError || !invitation.data) {
    return (
      <PublicCard title={t('activate.title')} narrow>
        <DataLoadError onRetry={() => void invitation.refetch()} />
      </PublicCard>
    );
  }
  return <ActivateForm token={token} email={invitation.data.email} />;
}

function InvalidLink({ text }: { text: string }) {
  const { t } = useTranslation('dealers');
  return (
    <PublicCard title={t('agreements.invalidTitle')} narrow>
      <div className={styles.publicCenter}>
        <p role="alert">{text}</p>
        <Link to={paths.login} className={buttonClass('secondary')}>
          {t('activate.toLogin')}
        </Link>
      </div>
    </PublicCard>
  );
}

function ActivateForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('dealers');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const activate = useActivateAccount();
  const form = useForm<TActivateAccountInput>({
    resolver: zodResolver(ZActivateAccount),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const failures = new Set(passwordPolicyFailures(form.watch('password') ?? ''));

  if (activate.isSuccess) {
    return (
      <PublicCard title={t('activate.doneTitle')} narrow>
        <div className={styles.publicCenter}>
          <p role="status">{t('activate.done', { email })}</p>
          <Link to={`${paths.login}`} className={buttonClass('primary')}>
            {t('activate.toLogin')}
          </Link>
        </div>
      </PublicCard>
    );
  }
  const submit = form.handleSubmit((values) =>
    activate.mutate(values, {
      onError: (error) => applyServerErrors(form, error) || void popup.warning(error, t('activate.failed')),
    }),
  );
  return (
    <PublicCard title={t('activate.title')} lead={t('activate.lead', { email })} narrow>
      <form noValidate onSubmit={submit}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('activate.password')}
          autoComplete="new-password"
          required
          error={errorText(form.formState.errors.password)}
          {...form.register('password')}
        />
        <p className={styles.note} id="password-rules-title">
          {t('activate.rules')}
        </p>
        <ul className={styles.rules} aria-labelledby="password-rules-title">
          {RULES.map(([rule, key]) => (
            <li key={rule} className={failures.has(rule) ? undefined : styles.ruleMet}>
              {failures.has(rule) ? '○' : '✓'} {t(`activate.${key}`)}
            </li>
          ))}
        </ul>
        <PasswordField
          label={t('activate.passwordConfirmation')}
          autoComplete="new-password"
          required
          error={errorText(form.formState.errors.password_confirmation)}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" block loading={activate.isPending}>
          {t('activate.submit')}
        </Button>
      </form>
    </PublicCard>
  );
}
