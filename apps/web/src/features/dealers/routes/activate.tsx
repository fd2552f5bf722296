import { zodResolver } from '@hookform/resolvers/zod';
import { type TActivateAccountInput, ZActivateAccount } from '@club/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  applyServerErrors,
  Button,
  buttonClass,
  NewPasswordFields,
  PublicCard,
  PublicNotice,
  usePopup,
} from '../../../components/ui';
import { paths } from '../../../config/paths';
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
  const popup = usePopup();
  const activate = useActivateAccount();
  const form = useForm<TActivateAccountInput>({
    resolver: zodResolver(ZActivateAccount),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  if (activate.isSuccess) {
    return (
      <PublicCard title={t('activate.doneTitle')}>
        <PublicNotice>
          <p role="status">{t('activate.done', { email })}</p>
          <Link to={paths.login} className={buttonClass('primary')}>
            {t('activate.toLogin')}
          </Link>
        </PublicNotice>
      </PublicCard>
    );
  }
  const submit = form.handleSubmit((values) =>
    activate.mutate(values, {
      onError: (error) => applyServerErrors(form, error) || void popup.warning(error, t('activate.failed')),
    }),
  );
  return (
    <PublicCard title={t('activate.title')} lead={t('activate.lead', { email })}>
      <form noValidate onSubmit={submit}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields
          form={form}
          labels={{ password: t('activate.password'), confirmation: t('activate.passwordConfirmation') }}
        />
        <Button type="submit" block loading={activate.isPending}>
          {t('activate.submit')}
        </Button>
      </form>
    </PublicCard>
  );
}
