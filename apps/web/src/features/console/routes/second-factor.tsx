import type { TSecondFactorStep, TSessionUser } from '@club/shared';
import {
  type TEnrolmentConfirm,
  type TSecondFactorCode,
  ZEnrolmentConfirm,
  ZSecondFactorCode,
} from '@club/shared/schemas/second-factor';
import { secondFactorContract } from '@club/shared/contract/second-factor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  Button,
  PublicCard,
  PublicNotice,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { consolePaths } from '../../../config/console';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { fetchData } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import styles from '../components/sign-in.module.css';

type StepState = TSecondFactorStep & { next?: string | null };

const safeNext = (next: string | null | undefined) =>
  next?.startsWith('/admin') && !next.startsWith('//') ? next : consolePaths.home;

/** After the second factor the splash loads the session and opens the console (or the page asked for). */
function useFinish(next: string | null | undefined) {
  const { setUser } = useSession();
  const navigate = useNavigate();
  return (user: TSessionUser) => {
    setUser(user);
    navigate(`${paths.loading}?nextRoute=${encodeURIComponent(safeNext(next))}`, { replace: true });
  };
}

/** An expired or used challenge: back to e-mail and password. */
function useChallengeExpired() {
  const navigate = useNavigate();
  const popup = usePopup();
  const { t } = useTranslation('console');
  return (error: unknown) => {
    if (error instanceof ApiError && error.code === 'TOKEN_INVALID') {
      void popup.warning(error, t('signIn.expired'));
      navigate(paths.login, { replace: true });
      return true;
    }
    return false;
  };
}

/**
 * The authenticator app's six digits (or, with `recovery`, one of the recovery codes), in the
 * sign-in's code step and in the enrolment's confirmation.
 */
function CodeField({
  form,
  recovery = false,
  autoFocus,
}: {
  form: UseFormReturn<TSecondFactorCode>;
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('console');
  const errorText = useFieldErrorText();
  return (
    <TextField
      label={recovery ? t('signIn.recoveryLabel') : t('signIn.codeLabel')}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      autoFocus={autoFocus}
      required
      error={errorText(form.formState.errors.code)}
      {...form.register('code')}
    />
  );
}

function CodeStep({ step }: { step: StepState }) {
  const { t } = useTranslation('console');
  const finish = useFinish(step.next);
  const expired = useChallengeExpired();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<TSecondFactorCode>({
    resolver: zodResolver(ZSecondFactorCode),
    defaultValues: { challenge: step.challenge, code: '' },
  });
  const failed = useSaveFailure(form);
  const verify = useMutation({
    mutationFn: (body: TSecondFactorCode) => fetchData(secondFactorContract.verify, { body }),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) =>
        verify.mutate(body, {
          onSuccess: finish,
          onError: (error) => expired(error) || failed(error),
        }),
      )}
    >
      <p className={styles.text}>{recovery ? t('signIn.recoveryText') : t('signIn.codeText')}</p>
      <CodeField form={form} recovery={recovery} autoFocus />
      <Button type="submit" block loading={verify.isPending}>
        {t('signIn.submit')}
      </Button>
      <div className={styles.links}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setRecovery(!recovery);
            form.reset({ challenge: step.challenge, code: '' });
          }}
        >
          {recovery ? t('signIn.useCode') : t('signIn.useRecovery')}
        </button>
        <Link to={paths.login} className={styles.link}>
          {t('signIn.back')}
        </Link>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('console');
  const [saved, setSaved] = useState(false);
  const download = () => {
    const blob = new Blob([`${t('enrol.fileTitle')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'excellence-club-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.step}>
      <h2 className={styles.subtitle}>{t('enrol.codesTitle')}</h2>
      <p className={styles.text}>{t('enrol.codesText')}</p>
      <ol className={styles.codes} aria-label={t('enrol.codesTitle')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <Button variant="ghost" onClick={download}>
          {t('enrol.download')}
        </Button>
        <Button variant="ghost" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          {t('enrol.copy')}
        </Button>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <span>{t('enrol.saved')}</span>
      </label>
      <Button block disabled={!saved} onClick={onDone}>
        {t('enrol.continue')}
      </Button>
    </div>
  );
}

function EnrolStep({ step }: { step: StepState }) {
  const { t } = useTranslation('console');
  const popup = usePopup();
  const finish = useFinish(step.next);
  const expired = useChallengeExpired();
  const [done, setDone] = useState<{ user: TSessionUser; recovery_codes: string[] } | null>(null);
  const start = useMutation({
    mutationFn: () => fetchData(secondFactorContract.enrolment, { body: { challenge: step.challenge } }),
    onError: (error) => expired(error) || void popup.warning(error),
  });
  const { mutate: startEnrolment } = start;
  useEffect(() => startEnrolment(), [startEnrolment]);
  const form = useForm<TEnrolmentConfirm>({
    resolver: zodResolver(ZEnrolmentConfirm),
    defaultValues: { challenge: step.challenge, code: '' },
  });
  const confirm = useMutation({
    mutationFn: (body: TEnrolmentConfirm) => fetchData(secondFactorContract.enrol, { body }),
  });
  const failed = useSaveFailure(form);

  if (done) return <RecoveryCodes codes={done.recovery_codes} onDone={() => finish(done.user)} />;
  return (
    <div className={styles.step}>
      <ol className={styles.instructions}>
        <li>{t('enrol.stepApp')}</li>
        <li>{t('enrol.stepScan')}</li>
        <li>{t('enrol.stepCode')}</li>
      </ol>
      <div className={styles.qr} aria-busy={start.isPending}>
        {start.data ? (
          <QRCodeSVG
            value={start.data.uri}
            size={184}
            level="M"
            marginSize={2}
            title={t('enrol.qr')}
            data-testid="totp-qr"
          />
        ) : (
          <span className={styles.qrPlaceholder} />
        )}
      </div>
      {start.data && (
        <p className={styles.secret}>
          {t('enrol.secret')} <code data-testid="totp-secret">{start.data.secret}</code>
        </p>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          confirm.mutate(body, {
            onSuccess: setDone,
            onError: (error) => expired(error) || failed(error),
          }),
        )}
      >
        <CodeField form={form} />
        <Button type="submit" block loading={confirm.isPending} disabled={!start.data}>
          {t('enrol.submit')}
        </Button>
      </form>
    </div>
  );
}

/**
 * Staff sign-in, second step (docs/console.md): the code of the authenticator app (or a recovery
 * code), or on the first sign-in the enrolment: a QR code drawn here from the otpauth address (no
 * third party sees the secret), the first code, then the ten recovery codes shown once.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation('console');
  const location = useLocation();
  const step = location.state as StepState | null;
  if (!step?.challenge) {
    return (
      <PublicCard title={t('signIn.title')}>
        <PublicNotice>
          <p className={styles.text}>{t('signIn.noStep')}</p>
          <Link to={paths.login} className={styles.link}>
            {t('signIn.back')}
          </Link>
        </PublicNotice>
      </PublicCard>
    );
  }
  const enrol = step.second_factor === 'ENROL';
  return (
    <PublicCard
      title={enrol ? t('enrol.title') : t('signIn.title')}
      lead={enrol ? t('enrol.lead') : t('signIn.lead')}
      wide={enrol}
      languageSwitch={false}
    >
      {enrol ? <EnrolStep step={step} /> : <CodeStep step={step} />}
    </PublicCard>
  );
}
