import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { consoleNav, mayOpen } from '../../../config/console';
import { useSession } from '../../../lib/session';
import styles from '../components/console.module.css';

/** The console's start: who is signed in, with what role, and the screens that role may open. */
export default function ConsoleHome() {
  const { t } = useTranslation('console');
  const { user } = useSession();
  const entries = consoleNav.filter((e) => !e.end && mayOpen(e.access, user?.type));
  return (
    <>
      <ConsolePageHeader
        title={t('home.title', { name: user?.name || user?.email })}
        lead={t(user?.type === 'ADMIN' ? 'home.leadAdmin' : 'home.leadOperator')}
      />
      {entries.length > 0 && (
        <ul className={styles.cards}>
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to} className={styles.card}>
                <span className={styles.cardTitle}>{t(entry.label)}</span>
                <span className={styles.cardText}>{t(`${entry.label}Lead`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
