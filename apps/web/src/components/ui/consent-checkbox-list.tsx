import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText } from './form-errors';
import { CheckboxField } from './form-fields';
import styles from './ui.module.css';

/**
 * Consent checkboxes bound to a form, one under another. A required consent ends its label with
 * ' *'; the form's schema is what demands it, and its message shows under the box.
 */
export function ConsentCheckboxList<T extends FieldValues, N extends Path<T>>({
  control,
  names,
  label,
  required = false,
  className,
}: {
  control: Control<T>;
  names: readonly N[];
  label: (name: N) => string;
  required?: boolean | ((name: N) => boolean);
  className?: string;
}) {
  const errorText = useFieldErrorText();
  const isRequired = (name: N) => (typeof required === 'function' ? required(name) : required);
  return (
    <div className={className ? `${styles.checkboxList} ${className}` : styles.checkboxList}>
      {names.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <CheckboxField
              name={field.name}
              label={isRequired(name) ? `${label(name)} *` : label(name)}
              checked={field.value === true}
              onCheckedChange={field.onChange}
              error={errorText(fieldState.error)}
            />
          )}
        />
      ))}
    </div>
  );
}
