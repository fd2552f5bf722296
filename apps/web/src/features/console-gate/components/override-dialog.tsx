import type { TGateAttendee } from '@club/shared/contract/event-day';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import styles from './gate.module.css';

/** The override: staff confirm that they let a refused ticket in, and say why (the audit log keeps it). */
export function OverrideDialog({
  attendee,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  attendee: TGateAttendee | null;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('console-gate');
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (attendee) setReason('');
  }, [attendee]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length >= 3) onConfirm(reason.trim());
  };
  const fieldError = error instanceof ApiError ? error.errors?.reason?.[0] : undefined;
  return (
    <Dialog
      open={attendee !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t('override.title')}
      description={t('override.description', {
        name: attendee ? `${attendee.name} ${attendee.surname}`.trim() : '',
      })}
    >
      <form className={styles.dialogForm} onSubmit={submit}>
        <TextField
          label={t('override.reason')}
          hint={t('override.reasonHint')}
          value={reason}
          maxLength={300}
          required
          error={fieldError}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className={styles.resultActions}>
          <Button variant="ghost" onClick={onCancel}>
            {t('override.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={pending} disabled={reason.trim().length < 3}>
            {t('override.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
