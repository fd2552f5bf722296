import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
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
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.dialogOverlay} />
        <RadixDialog.Content
          className={[styles.dialog, wide ? styles.dialogWide : ''].join(' ')}
          aria-describedby={description ? undefined : undefined}
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
