import { passwordPolicyFailures } from '@club/shared';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useFieldErrorText } from './form-errors';
import { PasswordField } from './form-fields';
import layout from './form-layout.module.css';
import styles from './new-password-fields.module.css';
import { CheckIcon, CircleIcon } from './icons';

const RULES = [
  ['length', 'ruleLength'],
  ['upper', 'ruleUpper'],
  ['lower', 'ruleLower'],
  ['digit', 'ruleDigit'],
  ['special', 'ruleSpecial'],
] as const;

type NewPasswordValues = { password: string; password_confirmation: string };

/**
 * A new password and its repetition, with the password policy of SPEC.md §5 ticked off as the person
 * types: the one form part of the reset link, the customer's activation and the password change.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({
  form,
  labels,
}: {
  form: UseFormReturn<T>;
  labels: { password: string; confirmation: string };
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const rulesId = useId();
  const password = 'password' as Path<T>;
  const confirmation = 'password_confirmation' as Path<T>;
  const failures = new Set(passwordPolicyFailures(String(form.watch(password) ?? '')));
  const field = (name: Path<T>, label: string) => (
    <PasswordField
      label={label}
      autoComplete="new-password"
      required
      error={errorText(form.getFieldState(name, form.formState).error)}
      {...form.register(name)}
    />
  );
  return (
    <>
      {field(password, labels.password)}
      <p className={styles.note} id={rulesId}>
        {t('newPassword.rules')}
      </p>
      <ul className={styles.rules} aria-labelledby={rulesId}>
        {RULES.map(([rule, key]) => {
          const met = !failures.has(rule);
          return (
            <li key={rule} className={met ? styles.ruleMet : undefined}>
              <span className={styles.ruleMark} aria-hidden="true">
                {met ? <CheckIcon /> : <CircleIcon />}
              </span>{' '}
              {t(`newPassword.${key}`)}
            </li>
          );
        })}
      </ul>
      {field(confirmation, labels.confirmation)}
    </>
  );
}

/**
 * The whole new-password form: any fields before the new password (the current one, a hidden
 * user name for password managers), the two fields with the checklist, and the save button (a full
 * width one in the public card, a right-aligned one on a page).
 */
export function NewPasswordForm<T extends FieldValues & NewPasswordValues>({
  form,
  labels,
  onSubmit,
  pending,
  block = false,
  children,
}: {
  form: UseFormReturn<T>;
  labels: { password: string; confirmation: string; submit: string };
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  block?: boolean;
  children?: ReactNode;
}) {
  const button = (
    <Button type="submit" block={block} loading={pending} disabled={pending}>
      {labels.submit}
    </Button>
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      {children}
      <NewPasswordFields form={form} labels={labels} />
      {block ? button : <div className={layout.actions}>{button}</div>}
    </form>
  );
}
