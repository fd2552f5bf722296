import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { consolePaths } from '../../../config/console';
import styles from './invoices.module.css';

/** The invoices' two lists: the requests waiting, and the issued invoices. */
export function InvoiceTabs() {
  const { t } = useTranslation('console-invoices');
  const tabs = [
    { to: consolePaths.invoices, label: t('tabs.requests') },
    { to: consolePaths.invoicesIssued, label: t('tabs.issued') },
  ];
  return (
    <nav aria-label={t('tabs.label')}>
      <ul className={styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end className={styles.tab}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
