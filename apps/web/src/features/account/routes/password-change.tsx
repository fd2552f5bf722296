import { zodResolver } from '@hookform/resolvers/zod';
import { type TChangePassword, ZChangePassword } from '@club/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  LoadingOverlay,
  NewPasswordForm,
  PasswordField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { useChangePassword } from '../api/change-password';
import { AccountSection } from '../components/account-section';

/** /account/password-change: current, new and repeated password beside the password instruction. */
export default function PasswordChangePage() {
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const change = useChangePassword();
  const form = useForm<TChangePassword>({
    resolver: zodResolver(ZChangePassword),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const failed = useSaveFailure(form, t('password.saveFailed'));
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        void popup.success(t('password.saved'));
      },
      onError: failed,
    }),
  );

  return (
    <AccountSection id="password" title={t('password.title')} lead={t('password.lead')}>
      <LoadingOverlay active={change.isPending}>
        <NewPasswordForm
          form={form}
          pending={change.isPending}
          onSubmit={submit}
          labels={{
            password: t('password.new'),
            confirmation: t('password.repeat'),
            submit: t('password.save'),
          }}
        >
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            required
            error={errorText(errors.current_password)}
            {...form.register('current_password')}
          />
        </NewPasswordForm>
      </LoadingOverlay>
    </AccountSection>
  );
}
