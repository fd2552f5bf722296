import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { CONFIRM_COLOUR } from '@club/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Popup } from './popups';
import styles from './ui.module.css';

/** One popup of SPEC.md §8: a warning, a success note or a confirmation with the #90722C button. */
export default function PopupView({
  popup: current,
  onClose: close,
}: {
  popup: Popup;
  onClose: (ok: boolean) => void;
}) {
  const { t } = useTranslation();
  // The popup is unmounted when answered, and Radix then leaves focus on the body: give it back to
  // what had it when the popup opened (the button that asked), as the Dialog of this kit does.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      window.setTimeout(() => {
        if (opener?.isConnected && document.activeElement === document.body) opener.focus();
      }, 20);
    },
    [opener],
  );
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && close(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.dialogOverlay} />
        <AlertDialog.Content className={styles.dialog} data-popup={current.kind}>
          <AlertDialog.Title className={styles.dialogTitle}>{current.title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogBody}>{current.body}</AlertDialog.Description>
          <div className={styles.dialogActions}>
            {current.kind === 'confirm' ? (
              <>
                <AlertDialog.Cancel className={`${styles.button} ${styles.ghost}`}>
                  {t('actions.cancel')}
                </AlertDialog.Cancel>
                <AlertDialog.Action
                  className={`${styles.button} ${styles.primary}`}
                  style={{ background: CONFIRM_COLOUR }}
                  onClick={(e) => {
                    e.preventDefault();
                    close(true);
                  }}
                >
                  {current.confirmLabel}
                </AlertDialog.Action>
              </>
            ) : (
              <AlertDialog.Action className={`${styles.button} ${styles.primary}`}>
                {t('actions.ok')}
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
