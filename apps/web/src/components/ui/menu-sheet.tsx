import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A shell's menu on a phone or tablet: a sheet over the page (Radix Dialog, in a portal), with focus
 * kept inside, Escape and a tap on the dimmed page closing it. Both shells draw it with their own
 * classes and close icon. Imported by path, not from the index: Radix Dialog stays in the chunks that
 * open a sheet.
 */
export function MenuSheet({
  open,
  onOpenChange,
  onClosed,
  title,
  closeLabel,
  closeIcon,
  classes,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back (there is no Radix trigger: the burger is the shell's own button). */
  onClosed: () => void;
  title: string;
  closeLabel: string;
  closeIcon: ReactNode;
  classes: {
    sheetOverlay?: string;
    sheet?: string;
    sheetHead?: string;
    sheetTitle?: string;
    iconButton?: string;
  };
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={classes.sheetOverlay} />
        <Dialog.Content
          className={classes.sheet}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <div className={classes.sheetHead}>
            <Dialog.Title className={classes.sheetTitle}>{title}</Dialog.Title>
            <Dialog.Close className={classes.iconButton} aria-label={closeLabel}>
              {closeIcon}
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
