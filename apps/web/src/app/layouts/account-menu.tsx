import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useIsCustomer, useSession } from '../../lib/session';
import {
  clearAccountMenuOpenRequest,
  isAccountMenuOpenedByKeyboard,
  isAccountMenuOpenRequested,
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
  { to: paths.myData, key: 'accountMenu.myData' },
];

/** The account menu of SPEC.md §2 (shopping history for customers only) and sign-out. */
export default function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isCustomer = useIsCustomer();
  const [open, setOpen] = useState(isAccountMenuOpenRequested);
  // Mounted by a press on the stand-in: open. Radix's trigger saw no key, so a keyboard press puts the
  // focus on the first item here, as the trigger would have.
  const firstOpenByKeyboard = useRef(isAccountMenuOpenedByKeyboard());
  useEffect(() => clearAccountMenuOpenRequest(), []);
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger className={styles.iconButton} aria-label={t('menu.account')}>
        <UserIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.menuContent}
          align="end"
          sideOffset={8}
          onFocus={(event) => {
            // Radix focuses the menu itself when it opens without a key on its trigger.
            if (!firstOpenByKeyboard.current || event.target !== event.currentTarget) return;
            firstOpenByKeyboard.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
        >
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
