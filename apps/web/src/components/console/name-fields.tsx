import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField, useFieldErrorText } from '../ui';

type Named = { name_pl: string; name_en: string };

/**
 * The Polish and the English name of a thing the console keeps in both languages (an FAQ category,
 * a gallery), each marked with its language for screen readers.
 */
export function NameFields<T extends FieldValues & Named, R>({
  form,
  labels,
}: {
  form: UseFormReturn<T, unknown, R>;
  labels: { pl: string; en: string };
}) {
  const errorText = useFieldErrorText();
  return (
    <>
      {(['pl', 'en'] as const).map((lang) => {
        const name = `name_${lang}` as Path<T>;
        return (
          <TextField
            key={lang}
            label={labels[lang]}
            lang={lang}
            required
            error={errorText(form.getFieldState(name, form.formState).error)}
            {...form.register(name)}
          />
        );
      })}
    </>
  );
}
