import { zodResolver } from '@hookform/resolvers/zod';
import { type TResetPassword, ZResetPassword } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  applyServerErrors,
  Button,
  buttonClass,
  PasswordField,
  PublicCard,
  PublicNotice,
  useFieldErrorText,
  usePopup,
} from '../../../components/ui';
import { paths } from '../../../config/paths';
import { resetPassword } from '../api/auth';
import styles from '../components/auth.module.css';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<TResetPassword>({
    resolver: zodResolver(ZResetPassword),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const reset = useMutation({ mutationFn: resetPassword });

  if (!token) {
    return (
      <PublicCard title={t('reset.title')}>
        <p role="alert" className={styles.message}>
          {t('reset.missingToken')}
        </p>
      </PublicCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <PublicCard title={t('reset.title')}>
        <PublicNotice>
          <p role="status" className={styles.message}>
            {t('reset.done')}
          </p>
          <Link to={paths.login} className={buttonClass('primary')}>
            {t('reset.toLogin')}
          </Link>
        </PublicNotice>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('reset.title')} lead={t('passwordHint.text')}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          reset.mutate(values, { onError: (e) => applyServerErrors(form, e) || void popup.warning(e) }),
        )}
      >
        <PasswordField
          label={t('reset.password')}
          autoComplete="new-password"
          required
          error={errorText(form.formState.errors.password)}
          {...form.register('password')}
        />
        <PasswordField
          label={t('reset.passwordConfirmation')}
          autoComplete="new-password"
          required
          error={errorText(form.formState.errors.password_confirmation)}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" block loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </PublicCard>
  );
}
