import { zodResolver } from '@hookform/resolvers/zod';
import { type TForgotPassword, type TLogin, ZForgotPassword, ZLogin } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import {
  Button,
  PasswordField,
  PublicCard,
  PublicNotice,
  TextField,
  useFieldErrorText,
  useSaveFailure,
} from '../../../components/ui';
import { useSession } from '../../../lib/session';
import { forgotPassword, login, STAFF_SECOND_FACTOR_PATH } from '../api/auth';
import styles from '../components/auth.module.css';

function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : paths.home;
}

/**
 * The member's e-mail, asked alike by the sign-in and the reset request; `autoComplete` tells the
 * browser which it is (the sign-in's user name, or an address to write to).
 */
function EmailField({
  autoComplete,
  error,
  ...field
}: { autoComplete: 'username' | 'email'; error?: FieldError } & UseFormRegisterReturn<'email'>) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  return (
    <TextField
      label={t('login.email')}
      type="email"
      autoComplete={autoComplete}
      required
      error={errorText(error)}
      {...field}
    />
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const form = useForm<TForgotPassword>({
    resolver: zodResolver(ZForgotPassword),
    defaultValues: { email: '' },
  });
  const failed = useSaveFailure(form);
  const send = useMutation({ mutationFn: forgotPassword });
  if (send.isSuccess) {
    return (
      <PublicNotice>
        <p role="status" className={styles.message}>
          {t('forgot.sent')}
        </p>
        <Button variant="secondary" onClick={onBack}>
          {t('forgot.back')}
        </Button>
      </PublicNotice>
    );
  }
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values, { onError: failed }))}>
      <p className={styles.message}>{t('forgot.text')}</p>
      <EmailField autoComplete="email" error={form.formState.errors.email} {...form.register('email')} />
      <Button type="submit" block loading={send.isPending}>
        {t('forgot.submit')}
      </Button>
      <SwitchLink onClick={onBack}>{t('forgot.back')}</SwitchLink>
    </form>
  );
}

/** The link-looking button below a form that switches between signing in and the reset request. */
function SwitchLink({
  onClick,
  underline = false,
  children,
}: {
  onClick: () => void;
  underline?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.links}>
      <button
        type="button"
        className={styles.switchLink}
        onClick={onClick}
        style={underline ? { textDecoration: 'underline', textUnderlineOffset: 3 } : undefined}
      >
        {children}
      </button>
    </div>
  );
}

/** Sign-in (DESIGN.md §5): after success the splash loads the session and opens the page asked for. */
export default function LoginPage() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { setUser } = useSession();
  // `?forgot=1`: the reset page's "ask for a new link" opens the request form at once.
  const [forgot, setForgot] = useState(() => params.has('forgot'));
  const form = useForm<TLogin>({ resolver: zodResolver(ZLogin), defaultValues: { email: '', password: '' } });
  const signIn = useMutation({ mutationFn: login });
  const failed = useSaveFailure(form, t('login.failed'), t('login.failed'));

  const next = safeNext(params.get('nextRoute'));
  return (
    <PublicCard
      title={forgot ? t('forgot.title') : t('login.title')}
      lead={forgot ? undefined : t('login.subtitle')}
    >
      {forgot ? (
        <ForgotForm onBack={() => setForgot(false)} />
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) =>
            signIn.mutate(values, {
              onSuccess: (user) => {
                // Staff: the password was right; the console asks for the second factor.
                if ('second_factor' in user) {
                  navigate(STAFF_SECOND_FACTOR_PATH, { state: { ...user, next: params.get('nextRoute') } });
                  return;
                }
                setUser(user);
                navigate(`${paths.loading}?nextRoute=${encodeURIComponent(next)}`, { replace: true });
              },
              onError: failed,
            }),
          )}
        >
          <EmailField
            autoComplete="username"
            error={form.formState.errors.email}
            {...form.register('email')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={errorText(form.formState.errors.password)}
            {...form.register('password')}
          />
          <Button type="submit" block loading={signIn.isPending}>
            {t('login.submit')}
          </Button>
          <SwitchLink onClick={() => setForgot(true)} underline>
            {t('login.forgot')}
          </SwitchLink>
        </form>
      )}
    </PublicCard>
  );
}
