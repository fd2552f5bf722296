import { lazy, Suspense } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { RichTextEditorProps } from './rich-text-editor';
import styles from './rich-text-editor.module.css';

const Editor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/**
 * The rich-text editor in its own chunk (Tiptap and ProseMirror weigh some 130 KB gzip): a screen that
 * lists content and edits it on demand (the FAQ) loads it with the first form it opens. Until it
 * arrives the field shows its label and an empty frame of the same height, so nothing jumps.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.field} aria-busy="true">
          <span className={styles.label}>{props.label}</span>
          <div className={styles.frame}>
            <div className={styles.placeholder} />
          </div>
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}

/**
 * The editor as a field of a react-hook-form form: the form's value, change and blur, the field's
 * label (also the toolbar's name) and error. The language of the text decides its spelling checks.
 */
export function RichTextField<T extends FieldValues>({
  control,
  name,
  label,
  contentLang,
  error,
  hint,
  required,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  contentLang: 'pl' | 'en';
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LazyRichTextEditor
          label={label}
          labelText={label}
          contentLang={contentLang}
          required={required}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
          hint={hint}
        />
      )}
    />
  );
}
