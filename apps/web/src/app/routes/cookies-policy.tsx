import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { setLanguage } from '../../lib/i18n';
import styles from './simple-page.module.css';

/** The footer's cookies policy; ?lang= chooses the language (it is also opened without a session). */
export default function CookiesPolicyPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  useEffect(() => {
    if ((lang === 'pl' || lang === 'en') && lang !== i18n.language) setLanguage(lang);
  }, [lang, i18n.language]);
  return (
    <main className={`${styles.page} ${styles.article}`}>
      <h1>{t('cookies.title')}</h1>
      <p className={styles.text}>{t('cookies.intro')}</p>
      <h2>{t('cookies.necessaryTitle')}</h2>
      <p>{t('cookies.necessary')}</p>
      <h2>{t('cookies.analyticsTitle')}</h2>
      <p>{t('cookies.analytics')}</p>
      <h2>{t('cookies.contactTitle')}</h2>
      <p>{t('cookies.contact')}</p>
      <p>
        <Link to={paths.home}>{t('notFound.back')}</Link>
      </p>
    </main>
  );
}
