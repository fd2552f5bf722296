import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldErrorText } from './form-errors';
import { TextField } from './form-fields';
import layout from './form-layout.module.css';

export type PersonPart = 'name' | 'surname' | 'email';

/** The browser may fill in a person's own name and e-mail; never another person's (a dealer's customer). */
const AUTOCOMPLETE: Record<PersonPart, string> = {
  name: 'given-name',
  surname: 'family-name',
  email: 'email',
};

/**
 * Name, surname and e-mail in the form's grid (then any `children`, such as a phone or a language):
 * the one block of the profile, the bonus form, the customer's consents and the dealer's registration.
 * The parts shown are those given a label; `name` maps each part to the form's field.
 */
export function PersonFields<T extends FieldValues>({
  form,
  name = (part) => part as Path<T>,
  labels,
  required = true,
  own = true,
  emailHint,
  readOnlyEmail,
  children,
}: {
  form: UseFormReturn<T>;
  name?: (part: PersonPart) => Path<T>;
  labels: Partial<Record<PersonPart, string>>;
  required?: boolean;
  /** The person's own data (the browser may fill it in); false when someone enters another person. */
  own?: boolean;
  emailHint?: string;
  /** The e-mail is shown, not edited (it is the sign-in name): its value, outside the form. */
  readOnlyEmail?: string;
  children?: ReactNode;
}) {
  const errorText = useFieldErrorText();
  const field = (part: PersonPart) => {
    const label = labels[part];
    if (!label) return null;
    const type = part === 'email' ? 'email' : undefined;
    if (part === 'email' && readOnlyEmail !== undefined) {
      return (
        <TextField label={label} value={readOnlyEmail} readOnly hint={emailHint} type={type} name="email" />
      );
    }
    return (
      <TextField
        label={label}
        type={type}
        required={required}
        autoComplete={own ? AUTOCOMPLETE[part] : 'off'}
        hint={part === 'email' ? emailHint : undefined}
        error={errorText(form.getFieldState(name(part), form.formState).error)}
        {...form.register(name(part))}
      />
    );
  };
  return (
    <div className={layout.grid}>
      {field('name')}
      {field('surname')}
      {field('email')}
      {children}
    </div>
  );
}
