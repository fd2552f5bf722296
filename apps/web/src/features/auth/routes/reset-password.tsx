import { zodResolver } from '@hookform/resolvers/zod';
import { type TResetPassword, ZResetPassword } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NewPasswordForm, PublicCard, SignInNotice, useSaveFailure } from '../../../components/ui';
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
