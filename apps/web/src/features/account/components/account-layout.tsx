import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useOutletContext } from 'react-router';
import { DataLoadError, LoadingOverlay, PageHeader, type SubmenuItem } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { RELOAD_CURRENT_USER_EVENT } from '../../../lib/session';
import { type AccountView, useAccountUser } from '../api/account-user';
import styles from './account.module.css';

/** The account menu of SPEC.md §2; shopping history only for customers. */
export const accountMenuItems: SubmenuItem[] = [
  { to: paths.clubCard, name: 'menu.clubCard' },
  { to: paths.userInfo, name: 'menu.userInfo' },
  { to: paths.passwordChange, name: 'menu.passwordChange' },
  { to: paths.interests, name: 'menu.interests' },
  { to: paths.invoiceInfo, name: 'menu.invoiceInfo' },
  { to: paths.shoppingHistory, name: 'menu.shoppingHistory', permissions: ['customer'] },
  { to: paths.myData, name: 'menu.myData' },
];

type AccountContext = { account: AccountView; refetch: () => void };

/**
 * The account wrapper (SPEC.md §2): loads the current user first, shows a loading overlay or the
 * 'data loading failed' alert, and reloads on the reload-current-user event.
 */
export default function AccountLayout() {
  const { t } = useTranslation('account');
  const query = useAccountUser();
  const { refetch } = query;

  useEffect(() => {
    const reload = () => void refetch();
    window.addEventListener(RELOAD_CURRENT_USER_EVENT, reload);
    return () => window.removeEventListener(RELOAD_CURRENT_USER_EVENT, reload);
  }, [refetch]);

  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} items={accountMenuItems} namespace="account" />
      <div className={`container ${styles.body}`}>
        {query.isPending ? (
          <LoadingOverlay active>
            <div className={styles.placeholder} data-testid="account-loading" />
          </LoadingOverlay>
        ) : query.isError ? (
          <DataLoadError onRetry={() => void refetch()} />
        ) : (
          <Outlet context={{ account: query.data, refetch: () => void refetch() } satisfies AccountContext} />
        )}
      </div>
    </>
  );
}

export function useAccount(): AccountContext {
  return useOutletContext<AccountContext>();
}
