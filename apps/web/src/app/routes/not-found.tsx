import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui';
import { paths } from '../../config/paths';
import styles from './simple-page.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <Link to={paths.home} className={buttonClass('primary')}>
        {t('notFound.back')}
      </Link>
    </main>
  );
}
