import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { consolePaths } from '../../../config/console';
import styles from './content.module.css';

/** The content pages' own navigation: FAQ, about, partners, contact. */
export function ContentTabs() {
  const { t } = useTranslation('console-content');
  const tabs = [
    { to: consolePaths.content, label: t('tabs.faq') },
    { to: consolePaths.contentAbout, label: t('tabs.about') },
    { to: consolePaths.contentPartners, label: t('tabs.partners') },
    { to: consolePaths.contentContact, label: t('tabs.contact') },
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
