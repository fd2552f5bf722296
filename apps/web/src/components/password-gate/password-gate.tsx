import { zodResolver } from '@hookform/resolvers/zod';
import { type TCheckPassword, ZCheckPassword } from '@club/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authContract } from '@club/shared/contract/auth';
import { ApiError } from '../../lib/api-client';
import { fetchData } from '../../lib/endpoint';
import { i18next } from '../../lib/i18n';
import { Button, Dialog, PasswordField, useFieldErrorText, usePopup, useSaveFailure } from '../ui';
import en from './en.json';
import pl from './pl.json';
import styles from './password-gate.module.css';
import { LockIcon } from '../ui/icons';

i18next.addResourceBundle('pl', 'passwordGate', pl, true, false);
i18next.addResourceBundle('en', 'passwordGate', en, true, false);

/** SPEC.md §4: the permission check goes from unknown to allowed or denied. */
export type GateState =
  | { status: 'unknown' }
  | { status: 'allowed' }
  | { status: 'denied'; reason: 'wrongPassword' | 'error' | 'cancelled'; message?: string };

type GateApi = {
  /**
   * The server said the check is no longer recent (403 PASSWORD_CHECK_REQUIRED): ask again, then
   * do `retry` (the refused action) once the password is confirmed.
   */
  expire: (retry?: () => void) => void;
};
const GateContext = createContext<GateApi>({ expire: () => {} });
export const usePasswordGate = () => useContext(GateContext);

/** True for the server's answer to a call made after the re-entry window closed. */
export const isPasswordCheckRequired = (error: unknown) =>
  error instanceof ApiError && error.code === 'PASSWORD_CHECK_REQUIRED';

/**
 * What a failed save behind the gate does: a lapsed re-entry asks for the password over the kept
 * form and saves again by itself once it is confirmed (`retry`, issue 28), field errors go to their
 * fields, anything else is a warning.
 */
export function useGatedSaveFailure<T extends FieldValues>(form: UseFormReturn<T>, failedText: string) {
  const gate = usePasswordGate();
  const failed = useSaveFailure(form, failedText);
  return (error: unknown, retry: () => void) =>
    isPasswordCheckRequired(error) ? gate.expire(retry) : failed(error);
}

const checkPassword = (body: TCheckPassword) => fetchData(authContract.checkPassword, { body });

/**
 * The dealer's password re-entry (SPEC.md §2, §6, §8): on entry a dialog asks for the password
 * (auth/check-password); the children render only once it is confirmed. A wrong password, an error
 * or cancelling shows 'no dealer permissions' with a 'verify permissions' button.
 */
export function PasswordGate({
  wrongPasswordText,
  askOnEntry = true,
  children,
}: {
  wrongPasswordText: string;
  /**
   * false: the page opens at once (a dealer coming from the verified list) and asks only when the
   * server answers PASSWORD_CHECK_REQUIRED; the page stays mounted under the dialog, so a form
   * being filled is kept, and failed reads are fetched again once the password is confirmed.
   */
  askOnEntry?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('passwordGate');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const queryClient = useQueryClient();
  const [state, setState] = useState<GateState>({ status: askOnEntry ? 'unknown' : 'allowed' });
  // Once the page was open, asking again keeps it mounted under the dialog: a form being filled stays.
  const [opened, setOpened] = useState(!askOnEntry);
  const deny = (denied: Extract<GateState, { status: 'denied' }>) => {
    setState(denied);
    setOpened(!askOnEntry);
  };
  const form = useForm<TCheckPassword>({
    resolver: zodResolver(ZCheckPassword),
    defaultValues: { password: '' },
  });
  const check = useMutation({ mutationFn: checkPassword });
  // The dialog that had focus is gone once access is denied: keyboard users go on from 'verify permissions'.
  const verifyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.status === 'denied') verifyButton.current?.focus();
  }, [state.status]);

  // What the server refused before the password was asked again; done once it is confirmed.
  const pendingRetry = useRef<(() => void) | undefined>(undefined);
  const ask = useCallback(
    (retry?: () => void) => {
      pendingRetry.current = retry;
      form.reset({ password: '' });
      setState({ status: 'unknown' });
    },
    [form],
  );
  const gateApi = useMemo<GateApi>(() => ({ expire: ask }), [ask]);

  const submit = form.handleSubmit((values) =>
    check.mutate(values, {
      onSuccess: () => {
        setState({ status: 'allowed' });
        setOpened(true);
        if (opened)
          void queryClient.invalidateQueries({ predicate: (q) => isPasswordCheckRequired(q.state.error) });
        const retry = pendingRetry.current;
        pendingRetry.current = undefined;
        retry?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          deny({ status: 'denied', reason: 'wrongPassword' });
          void popup.warning(null, wrongPasswordText, t('failedTitle'));
        } else {
          const message = error instanceof ApiError && error.status === 429 ? error.message : undefined;
          deny({ status: 'denied', reason: 'error', message });
          void popup.warning(error, t('verificationError'), t('errorTitle'));
        }
      },
    }),
  );

  if (state.status === 'allowed')
    return <GateContext.Provider value={gateApi}>{children}</GateContext.Provider>;

  if (state.status === 'denied') {
    const reason =
      state.reason === 'wrongPassword'
        ? wrongPasswordText
        : state.reason === 'error'
          ? (state.message ?? t('verificationError'))
          : t('cancelled');
    return (
      <section className={styles.denied} aria-labelledby="gate-denied-title" data-testid="permission-denied">
        <span className={styles.icon} aria-hidden="true">
          <LockIcon />
        </span>
        <h2 id="gate-denied-title" className={styles.deniedTitle}>
          {t('deniedTitle')}
        </h2>
        <p className={styles.reason} role="alert">
          {reason}
        </p>
        <Button ref={verifyButton} onClick={() => ask()}>
          {t('verify')}
        </Button>
      </section>
    );
  }

  return (
    <>
      {opened ? (
        <GateContext.Provider value={gateApi}>{children}</GateContext.Provider>
      ) : (
        <div className={styles.checking} aria-live="polite">
          {t('checking')}
        </div>
      )}
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open && !check.isPending) deny({ status: 'denied', reason: 'cancelled' });
        }}
        title={t('title')}
        description={t('lead')}
      >
        <form className={styles.form} noValidate onSubmit={submit}>
          <PasswordField
            label={t('password')}
            autoComplete="current-password"
            autoFocus
            required
            error={errorText(form.formState.errors.password)}
            {...form.register('password')}
          />
          <div className={styles.actions}>
            <Button
              variant="ghost"
              onClick={() => deny({ status: 'denied', reason: 'cancelled' })}
              disabled={check.isPending}
            >
              {t('cancel')}
            </Button>
            <Button type="submit" loading={check.isPending}>
              {t('submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
