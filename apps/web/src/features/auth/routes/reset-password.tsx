import { zodResolver } from '@hookform/resolvers/zod';
import { type TResetPassword, ZResetPassword, ZResetToken } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  buttonClass,
  NewPasswordForm,
  PublicCard,
  PublicNotice,
  SignInNotice,
  useSaveFailure,
} from '../../../components/ui';
import { paths } from '../../../config/paths';
import { resetPassword, STAFF_SECOND_FACTOR_PATH } from '../api/auth';
import styles from '../components/auth.module.css';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const form = useForm<TResetPassword>({
    resolver: zodResolver(ZResetPassword),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const reset = useMutation({ mutationFn: resetPassword });
  const failed = useSaveFailure(form);

  // A link without its token, or with one cut or changed on the way: the form could never be sent
  // (the token has no field to show its error), so say so and offer the ways on.
  if (!ZResetToken.safeParse(token).success) {
    return (
      <PublicCard title={t('reset.title')}>
        <PublicNotice testId="reset-bad-link">
          <p role="alert" className={styles.message}>
            {token ? t('reset.badLink') : t('reset.missingToken')}
          </p>
          <Link to={`${paths.login}?forgot=1`} className={buttonClass('primary')}>
            {t('reset.newLink')}
          </Link>
          <Link to={paths.login} className={buttonClass('secondary')}>
            {t('reset.toLogin')}
          </Link>
        </PublicNotice>
      </PublicCard>
    );
  }
  if (reset.isSuccess) {
    return <SignInNotice title={t('reset.title')} text={t('reset.done')} linkText={t('reset.toLogin')} />;
  }
  return (
    <PublicCard title={t('reset.title')}>
      <NewPasswordForm
        form={form}
        block
        pending={reset.isPending}
        onSubmit={form.handleSubmit((values) =>
          reset.mutate(values, {
            // A staff account without a second factor: the mailed link lets it enrol one now.
            onSuccess: (step) => {
              if (step) navigate(STAFF_SECOND_FACTOR_PATH, { replace: true, state: { ...step, next: null } });
            },
            onError: failed,
          }),
        )}
        labels={{
          password: t('reset.password'),
          confirmation: t('reset.passwordConfirmation'),
          submit: t('reset.submit'),
        }}
      />
    </PublicCard>
  );
}
