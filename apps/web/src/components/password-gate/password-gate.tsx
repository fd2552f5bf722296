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

i18next.addResourceBundle('pl', 'passwordGate', pl, true, false);
i18next.addResourceBundle('en', 'passwordGate', en, true, false);

/** SPEC.md §4: the permission check goes from unknown to allowed or denied. */
export type GateState =
  | { status: 'unknown' }
  | { status: 'allowed' }
  | { status: 'denied'; reason: 'wrongPassword' | 'error' | 'cancelled'; message?: string };

type GateApi = {
  /** The server said the check is no longer recent (403 PASSWORD_CHECK_REQUIRED): ask again. */
  expire: () => void;
};
const GateContext = createContext<GateApi>({ expire: () => {} });
export const usePasswordGate = () => useContext(GateContext);

/** True for the server's answer to a call made after the re-entry window closed. */
export const isPasswordCheckRequired = (error: unknown) =>
  error instanceof ApiError && error.code === 'PASSWORD_CHECK_REQUIRED';

/**
 * What a failed save behind the gate does: a lapsed re-entry asks for the password over the kept
 * form (the person then saves again), field errors go to their fields, anything else is a warning.
 */
export function useGatedSaveFailure<T extends FieldValues>(form: UseFormReturn<T>, failedText: string) {
  const gate = usePasswordGate();
  const failed = useSaveFailure(form, failedText);
  return (error: unknown) => (isPasswordCheckRequired(error) ? gate.expire() : failed(error));
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

  const ask = useCallback(() => {
    form.reset({ password: '' });
    setState({ status: 'unknown' });
  }, [form]);
  const gateApi = useMemo<GateApi>(() => ({ expire: ask }), [ask]);

  const submit = form.handleSubmit((values) =>
    check.mutate(values, {
      onSuccess: () => {
        setState({ status: 'allowed' });
        if (!askOnEntry)
          void queryClient.invalidateQueries({ predicate: (q) => isPasswordCheckRequired(q.state.error) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          setState({ status: 'denied', reason: 'wrongPassword' });
          void popup.warning(null, wrongPasswordText, t('failedTitle'));
        } else {
          const message = error instanceof ApiError && error.status === 429 ? error.message : undefined;
          setState({ status: 'denied', reason: 'error', message });
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
          ⚿
        </span>
        <h2 id="gate-denied-title" className={styles.deniedTitle}>
          {t('deniedTitle')}
        </h2>
        <p className={styles.reason} role="alert">
          {reason}
        </p>
        <Button ref={verifyButton} onClick={ask}>
          {t('verify')}
        </Button>
      </section>
    );
  }

  return (
    <>
      {askOnEntry ? (
        <div className={styles.checking} aria-live="polite">
          {t('checking')}
        </div>
      ) : (
        <GateContext.Provider value={gateApi}>{children}</GateContext.Provider>
      )}
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open && !check.isPending) setState({ status: 'denied', reason: 'cancelled' });
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
              onClick={() => setState({ status: 'denied', reason: 'cancelled' })}
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
