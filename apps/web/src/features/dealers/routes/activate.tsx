import { zodResolver } from '@hookform/resolvers/zod';
import { type TActivateAccountInput, ZActivateAccount } from '@club/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm, PublicCard, SignInNotice, useSaveFailure } from '../../../components/ui';
import { useActivateAccount, useActivationInvitation } from '../api/activate';
import { TokenPageStatus } from '../components/token-page-status';
import { useTokenPage } from '../hooks/use-token-page';

/** /activate?token=: the customer sets a password and becomes REGISTERED (DESIGN.md §5, §6). No session. */
export default function ActivatePage() {
  const { t } = useTranslation('dealers');
  const page = useTokenPage(useActivationInvitation);
  if (page.state !== 'ready')
    return <TokenPageStatus page={page} title={t('activate.title')} testId="activate" />;
  return <ActivateForm token={page.token} email={page.invitation.email} />;
}

function ActivateForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('dealers');
  const activate = useActivateAccount();
  const form = useForm<TActivateAccountInput>({
    resolver: zodResolver(ZActivateAccount),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const failed = useSaveFailure(form, t('activate.failed'));

  if (activate.isSuccess) {
    return (
      <SignInNotice
        title={t('activate.doneTitle')}
        text={t('activate.done', { email })}
        linkText={t('activate.toLogin')}
      />
    );
  }
  const submit = form.handleSubmit((values) =>
    activate.mutate(values, {
      onError: failed,
    }),
  );
  return (
    <PublicCard title={t('activate.title')} lead={t('activate.lead', { email })}>
      <NewPasswordForm
        form={form}
        block
        pending={activate.isPending}
        onSubmit={submit}
        labels={{
          password: t('activate.password'),
          confirmation: t('activate.passwordConfirmation'),
          submit: t('activate.submit'),
        }}
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      </NewPasswordForm>
    </PublicCard>
  );
}
