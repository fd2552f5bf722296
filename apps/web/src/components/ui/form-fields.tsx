import * as Checkbox from '@radix-ui/react-checkbox';
import * as RadioGroup from '@radix-ui/react-radio-group';
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

type FieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
};

/** A field's error under it, named by `${id}-error` for the control's aria-describedby. */
function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span id={`${id}-error`} className={styles.fieldError}>
      {error}
    </span>
  ) : null;
}

/** The label above the control, the hint and the error below it (`${id}-hint`, `${id}-error`). */
function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      <ErrorText id={id} error={error} />
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(
  function TextField({ label, error, hint, required, id, ...rest }, ref) {
    const auto = useId();
    const inputId = id ?? auto;
    const errorId = `${inputId}-error`;
    const hintId = `${inputId}-hint`;
    return (
      <FieldFrame id={inputId} label={label} required={required} hint={hint} error={error}>
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={[error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
          {...rest}
        />
      </FieldFrame>
    );
  },
);

export const PasswordField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(
  function PasswordField({ label, error, hint, required, id, ...rest }, ref) {
    const { t } = useTranslation();
    const [visible, setVisible] = useState(false);
    const auto = useId();
    const inputId = id ?? auto;
    const errorId = `${inputId}-error`;
    return (
      <FieldFrame id={inputId} label={label} required={required} hint={hint} error={error}>
        <div className={styles.passwordWrap}>
          <input
            ref={ref}
            id={inputId}
            type={visible ? 'text' : 'password'}
            className={styles.input}
            style={{ paddingRight: '5.5rem' }}
            aria-invalid={error ? true : undefined}
            aria-required={required || undefined}
            aria-describedby={error ? errorId : undefined}
            {...rest}
          />
          <button
            type="button"
            className={styles.passwordToggle}
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
          >
            {visible ? t('actions.hidePassword') : t('actions.showPassword')}
          </button>
        </div>
      </FieldFrame>
    );
  },
);

/** The panel's dark select, for a select laid out outside SelectField (the gallery's filters). */
export const selectClass = `${styles.input} ${styles.select}`;

export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { children: ReactNode }
>(function SelectField({ label, error, hint, required, id, children, ...rest }, ref) {
  const auto = useId();
  const selectId = id ?? auto;
  const errorId = `${selectId}-error`;
  return (
    <FieldFrame id={selectId} label={label} required={required} hint={hint} error={error}>
      <select
        ref={ref}
        id={selectId}
        className={selectClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
});

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  disabled,
  error,
  name,
  id,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
  name?: string;
  id?: string;
}) {
  const auto = useId();
  const boxId = id ?? auto;
  const errorId = `${boxId}-error`;
  return (
    <div>
      <div className={styles.checkboxRow}>
        <Checkbox.Root
          id={boxId}
          name={name}
          className={styles.checkbox}
          checked={checked}
          onCheckedChange={(v) => onCheckedChange?.(v === true)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <Checkbox.Indicator>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M2.5 7.5l3 3 6-7" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </Checkbox.Indicator>
        </Checkbox.Root>
        <label htmlFor={boxId} className={styles.checkboxLabel}>
          {label}
        </label>
      </div>
      <ErrorText id={boxId} error={error} />
    </div>
  );
}

export function RadioGroupField<V extends string>({
  legend,
  value,
  onValueChange,
  options,
  disabled,
  error,
  name,
}: {
  legend: ReactNode;
  value: V | undefined;
  onValueChange: (value: V) => void;
  options: { value: V; label: ReactNode }[];
  disabled?: boolean;
  error?: string;
  name?: string;
}) {
  const auto = useId();
  const errorId = `${auto}-error`;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={`${styles.label} ${styles.legend}`}>{legend}</legend>
      <RadioGroup.Root
        name={name}
        className={styles.radioGroup}
        value={value ?? ''}
        onValueChange={(v) => onValueChange(v as V)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((o) => (
          <div key={o.value} className={styles.radioItem}>
            <RadioGroup.Item id={`${auto}-${o.value}`} value={o.value} className={styles.radio}>
              <RadioGroup.Indicator className={styles.radioIndicator} />
            </RadioGroup.Item>
            <label htmlFor={`${auto}-${o.value}`} className={styles.checkboxLabel}>
              {o.label}
            </label>
          </div>
        ))}
      </RadioGroup.Root>
      <ErrorText id={auto} error={error} />
    </fieldset>
  );
}
