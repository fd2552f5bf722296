import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useIsCustomer, useSession } from '../../lib/session';
import {
  clearAccountMenuOpenRequest,
  isAccountMenuOpenRequested,
  takeAccountMenuStandInFocus,
} from './account-menu-request';
import { UserIcon } from './icons';
import styles from './app-layout.module.css';

const accountMenu = [
  { to: paths.clubCard, key: 'accountMenu.clubCard' },
  { to: paths.userInfo, key: 'accountMenu.userInfo' },
  { to: paths.passwordChange, key: 'accountMenu.passwordChange' },
  { to: paths.interests, key: 'accountMenu.interests' },
  { to: paths.invoiceInfo, key: 'accountMenu.invoiceInfo' },
  { to: paths.shoppingHistory, key: 'accountMenu.shoppingHistory', customerOnly: true },
];

/** The account menu of SPEC.md §2 (shopping history for customers only) and sign-out. */
export default function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isCustomer = useIsCustomer();
  const [open, setOpen] = useState(isAccountMenuOpenRequested);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opened = isAccountMenuOpenRequested();
    clearAccountMenuOpenRequest();
    // A keyboard user who tabbed onto the stand-in keeps the focus on the same button (an opened
    // menu takes the focus itself).
    if (takeAccountMenuStandInFocus() && !opened) trigger.current?.focus();
  }, []);
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger ref={trigger} className={styles.iconButton} aria-label={t('menu.account')}>
        <UserIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menuContent} align="end" sideOffset={8}>
          <DropdownMenu.Label className={styles.menuLabel}>
            {user?.name} {user?.surname}
          </DropdownMenu.Label>
          {accountMenu
            .filter((item) => !item.customerOnly || isCustomer)
            .map((item) => (
              <DropdownMenu.Item key={item.to} asChild>
                <Link to={item.to} className={styles.menuItem}>
                  {t(item.key)}
                </Link>
              </DropdownMenu.Item>
            ))}
          <DropdownMenu.Separator className={styles.menuSeparator} />
          <DropdownMenu.Item asChild>
            <Link to={paths.logout} className={styles.menuItem}>
              {t('accountMenu.logout')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
