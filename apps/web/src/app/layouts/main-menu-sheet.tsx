import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuSheet } from '../../components/ui/menu-sheet';
import { CloseIcon } from './icons';
import styles from './app-layout.module.css';

/**
 * The main menu on a phone or tablet: a sheet over the page (Radix Dialog, in a portal above the header,
 * so nothing of the page lies over its links), with focus kept inside, Escape and a tap on the dimmed
 * page closing it. Its own chunk: only narrow screens open it.
 */
export default function MainMenuSheet({
  open,
  onOpenChange,
  children,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** Where the focus goes back (it has no Radix trigger: the burger is the layout's own button). */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  return (
    <MenuSheet
      open={open}
      onOpenChange={onOpenChange}
      onClosed={onClosed}
      title={t('menu.main')}
      closeLabel={t('menu.close')}
      closeIcon={<CloseIcon />}
      classes={styles}
    >
      <nav aria-label={t('menu.main')}>{children}</nav>
    </MenuSheet>
  );
}
