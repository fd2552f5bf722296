import { type TInvitationAccept, ZInvitationAccept } from '@club/shared';
import { staffContract } from '@club/shared/contract/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Button,
  PasswordField,
  PublicCard,
  PublicNotice,
  Spinner,
  useFieldErrorText,
  useSaveFailure,
} from '../../../components/ui';
import { consolePaths } from '../../../config/console';
import { paths } from '../../../config/paths';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';
import { setLanguage } from '../../../lib/i18n';
import styles from '../components/sign-in.module.css';

/**
 * The invitation link of a new staff member: the password (the sign-in page's rules), then straight
 * to the second factor's enrolment (QR code, first code, recovery codes).
 */
export default function InvitationPage() {
  const { t } = useTranslation('console');
  const errorText = useFieldErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = { token };
  const invitation = useQuery({
    queryKey: queryKeyOf(staffContract.invitation, { query }),
    queryFn: () => fetchData(staffContract.invitation, { query }),
    retry: false,
    enabled: token.length >= 10,
  });
  // The page speaks the invited person's language (the administrator chose it).
  const language = invitation.data?.language_code;
  useEffect(() => {
    if (language && !localStorage.getItem('club.language')) setLanguage(language);
  }, [language]);
  const form = useForm<TInvitationAccept>({
    resolver: zodResolver(ZInvitationAccept),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const accept = useMutation({
    mutationFn: (body: TInvitationAccept) => fetchData(staffContract.acceptInvitation, { body }),
  });
  const failed = useSaveFailure(form);

  if (token.length < 10 || invitation.isError) {
    return (
      <PublicCard title={t('invitation.invalidTitle')}>
        <PublicNotice>
          <p className={styles.text} role="alert">
            {t('invitation.invalid')}
          </p>
          <Link to={paths.login} className={styles.link}>
            {t('signIn.back')}
          </Link>
        </PublicNotice>
      </PublicCard>
    );
  }
  if (!invitation.data) {
    return (
      <PublicCard>
        <PublicNotice>
          <Spinner />
        </PublicNotice>
      </PublicCard>
    );
  }
  return (
    <PublicCard
      title={t('invitation.title', { name: invitation.data.name })}
      lead={t('invitation.lead', { email: invitation.data.email })}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          accept.mutate(body, {
            onSuccess: (step) =>
              navigate(consolePaths.secondFactor, { replace: true, state: { ...step, next: null } }),
            onError: failed,
          }),
        )}
      >
        <input type="email" hidden readOnly autoComplete="username" value={invitation.data.email} />
        <PasswordField
          label={t('invitation.password')}
          autoComplete="new-password"
          required
          hint={t('invitation.passwordHint')}
          error={errorText(form.formState.errors.password)}
          {...form.register('password')}
        />
        <PasswordField
          label={t('invitation.confirm')}
          autoComplete="new-password"
          required
          error={errorText(form.formState.errors.password_confirmation)}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" block loading={accept.isPending}>
          {t('invitation.submit')}
        </Button>
      </form>
    </PublicCard>
  );
}
