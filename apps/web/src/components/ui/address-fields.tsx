import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldErrorText } from './form-errors';
import { TextField } from './form-fields';
import layout from './form-layout.module.css';

export type AddressPart = 'street' | 'building_number' | 'flat_number' | 'post_code' | 'city';

/** The member's own address, which the browser may fill in; other parts have no such token. */
const AUTOCOMPLETE: Partial<Record<AddressPart, string>> = {
  street: 'address-line1',
  post_code: 'postal-code',
  city: 'address-level2',
};

/**
 * A postal address in two rows: street, building and flat number; post code and city (then any
 * `children`, such as a country). `name` maps each part to the form's field.
 */
export function AddressFields<T extends FieldValues>({
  form,
  name,
  labels,
  required = false,
  autoComplete = false,
  children,
}: {
  form: UseFormReturn<T>;
  name: (part: AddressPart) => Path<T>;
  labels: Record<AddressPart, string>;
  /** Every part but the flat number is required. */
  required?: boolean;
  /** The signed-in member's own address. */
  autoComplete?: boolean;
  children?: ReactNode;
}) {
  const errorText = useFieldErrorText();
  const field = (part: AddressPart) => (
    <TextField
      label={labels[part]}
      required={required && part !== 'flat_number'}
      autoComplete={autoComplete ? AUTOCOMPLETE[part] : undefined}
      error={errorText(form.getFieldState(name(part), form.formState).error)}
      {...form.register(name(part))}
    />
  );
  return (
    <>
      <div className={layout.grid3}>
        {field('street')}
        {field('building_number')}
        {field('flat_number')}
      </div>
      <div className={layout.grid}>
        {field('post_code')}
        {field('city')}
        {children}
      </div>
    </>
  );
}
