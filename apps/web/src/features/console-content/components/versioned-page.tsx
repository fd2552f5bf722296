import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import styles from './content.module.css';
import { StaleNotice, useSaveFailure } from './saving';

/**
 * A one-of-a-kind page the console edits whole (about, contact): the version it was read at goes with
 * every save, a stale save shows the notice with a way to reload, and the form says when it is saved.
 * `wrap` puts the form's values in the call's body; `prefix` is the body's key the server names
 * field errors under.
 */
export function useVersionedPage<D extends { version: number }, V extends FieldValues, B>({
  data,
  form,
  valuesOf,
  save,
  wrap,
  prefix,
  reload,
}: {
  data: D;
  form: UseFormReturn<V>;
  valuesOf: (data: D) => V;
  save: UseMutationResult<D, unknown, B>;
  wrap: (version: number, values: V) => B;
  prefix: string;
  reload: () => Promise<D | undefined>;
}) {
  const { t } = useTranslation('console-content');
  const failed = useSaveFailure();
  const [version, setVersion] = useState(data.version);
  const [saved, setSaved] = useState(false);
  const show = (fresh: D) => {
    setVersion(fresh.version);
    form.reset(valuesOf(fresh));
  };
  const submit = form.handleSubmit((values) => {
    setSaved(false);
    save.mutate(wrap(version, values), {
      onSuccess: (fresh) => {
        show(fresh);
        setSaved(true);
      },
      onError: (error) => failed(error, form, prefix),
    });
  });
  const staleNotice = (
    <StaleNotice
      error={save.error}
      onReload={async () => {
        save.reset();
        const fresh = await reload();
        if (fresh) show(fresh);
      }}
    />
  );
  const actions = (
    <div className={styles.formActions}>
      <Button type="submit" loading={save.isPending}>
        {t('save')}
      </Button>
      <span role="status">{saved && !form.formState.isDirty ? t('saved') : ''}</span>
    </div>
  );
  return { submit, staleNotice, actions };
}
