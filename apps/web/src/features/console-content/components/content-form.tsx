import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import styles from './content.module.css';
import { StaleNotice } from './saving';

/**
 * The frame of every small form on the content screens (an FAQ category or question, a partner): its
 * title, the stale-save notice, the fields, and save / cancel.
 */
export function ContentForm({
  title,
  onSubmit,
  staleError,
  onReload,
  saving,
  onCancel,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  staleError: unknown;
  onReload: () => void;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('console-content');
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h3 className={styles.formTitle}>{title}</h3>
      <StaleNotice error={staleError} onReload={onReload} />
      {children}
      <div className={styles.formActions}>
        <Button type="submit" loading={saving}>
          {t('save')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
