import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import styles from './console-sales.module.css';

/**
 * A desk action's confirmation (Radix dialog: focus trapped, Escape cancels): what will happen, the
 * action's fields, and the confirming button. A refusal of the server shows inside the dialog: field
 * errors under their fields (`errorOf`), anything else above the buttons.
 */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger,
  pending,
  error,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('console-sales');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm();
  };
  const general =
    error instanceof ApiError
      ? Object.keys(error.errors).length === 0
        ? error.message
        : null
      : error
        ? t('actions.failed')
        : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form noValidate onSubmit={submit} className={styles.dialogForm}>
        {children}
        {general && (
          <p className={styles.dialogError} role="alert">
            {general}
          </p>
        )}
        <div className={styles.dialogButtons}>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('actions.back')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The server's message for one field of a refused action. */
export const errorOf = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.errors[field]?.[0] : undefined;
