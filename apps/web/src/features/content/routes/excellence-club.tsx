import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui';
import { SafeHtml } from '../../../components/ui/safe-html';
import { useAboutPage } from '../api/content';
import { QueryState } from '../components/query-state';
import styles from '../components/content.module.css';

/** /excellence-club: title, subtitle and the server's HTML sections (sanitised). */
export default function ExcellenceClubPage() {
  const { t } = useTranslation('content');
  const query = useAboutPage();
  return (
    <QueryState query={query}>
      {(page) => (
        <>
          <PageHeader eyebrow={t('about.eyebrow')} title={page.title} subtitle={page.subtitle} />
          <div className="container">
            <SafeHtml html={page.sections_html} className={styles.sections} />
          </div>
        </>
      )}
    </QueryState>
  );
}
