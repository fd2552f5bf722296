import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

/** An accessible modal (focus trapped and returned, Escape closes) for popups with content. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  // Opened without a Radix trigger (state-driven): remember what had focus and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.dialogOverlay} />
        <RadixDialog.Content
          className={[styles.dialog, wide ? styles.dialogWide : ''].join(' ')}
          aria-describedby={description ? undefined : undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
            opener.current = null;
          }}
        >
          <RadixDialog.Title className={styles.dialogTitle}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.dialogBody}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">
              {typeof title === 'string' ? title : ''}
            </RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close className={styles.dialogClose} aria-label={t('actions.close')}>
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
