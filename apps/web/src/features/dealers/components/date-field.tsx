import { formatDisplayDate, isRealIsoDate } from '@club/shared';
import { forwardRef, type InputHTMLAttributes, useEffect, useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, useFieldErrorText } from '../../../components/ui';

const DISPLAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** dd/MM/yyyy as typed → YYYY-MM-DD for the form; anything else is kept as typed (and fails validation). */
export function displayToIso(text: string): string {
  const m = DISPLAY.exec(text.trim());
  if (!m) return text.trim();
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isRealIsoDate(iso) ? iso : text.trim();
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: string;
  value: string | null | undefined;
  onChange: (iso: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
};

/** A date shown and typed as dd/MM/yyyy (SPEC.md §5) while the form holds the ISO date. */
export const DateField = forwardRef<HTMLInputElement, Props>(function DateField(
  { value, onChange, ...rest },
  ref,
) {
  const [text, setText] = useState(() =>
    value && isRealIsoDate(value) ? formatDisplayDate(value) : (value ?? ''),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the value (form reset) rewrites the text
  useEffect(() => {
    if (value && isRealIsoDate(value) && displayToIso(text) !== value) setText(formatDisplayDate(value));
    if (!value && text && displayToIso(text) !== '') setText('');
  }, [value]);
  return (
    <TextField
      ref={ref}
      inputMode="numeric"
      placeholder="dd/mm/yyyy"
      autoComplete="off"
      maxLength={10}
      value={text}
      onChange={(e) => {
        let next = e.target.value.replace(/[^\d/]/g, '');
        // Slashes appear by themselves while typing digits: 2105 → 21/05.
        if (/^\d{3,}$/.test(next))
          next = `${next.slice(0, 2)}/${next.slice(2, 4)}${next.length > 4 ? `/${next.slice(4, 8)}` : ''}`;
        else if (/^\d{2}\/\d{3,}$/.test(next)) next = `${next.slice(0, 5)}/${next.slice(5, 9)}`;
        setText(next);
        onChange(displayToIso(next));
      }}
      {...rest}
    />
  );
});

/** The car's delivery date of a dealer's customer (`customer.vehicle_issue`), on the registration and the edit form. */
export function DeliveryDateField<T extends FieldValues>({
  form,
  required,
}: {
  form: UseFormReturn<T>;
  required?: boolean;
}) {
  const { t } = useTranslation('dealers');
  const errorText = useFieldErrorText();
  const name = 'customer.vehicle_issue' as Path<T>;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={t('fields.vehicleIssue')}
          hint={t('fields.vehicleIssueHint')}
          required={required}
          name={field.name}
          value={field.value as string | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorText(fieldState.error)}
        />
      )}
    />
  );
}
