import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui';
import { useContact } from '../api/content';
import { QueryState } from '../components/query-state';
import styles from '../components/content.module.css';

/** /contact: description, e-mail, phone and opening days. */
export default function ContactPage() {
  const { t } = useTranslation('content');
  const query = useContact();
  return (
    <QueryState query={query}>
      {(c) => (
        <>
          <PageHeader eyebrow={t('contact.eyebrow')} title={c.title} subtitle={c.description} />
          <div className="container">
            <dl className={styles.contact}>
              <div className={styles.contactItem}>
                <dt>{c.email_title}</dt>
                <dd>
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </dd>
              </div>
              <div className={styles.contactItem}>
                <dt>{c.phone_title}</dt>
                <dd>
                  <a href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</a>
                </dd>
              </div>
              <div className={styles.contactItem}>
                <dt>{c.days_title}</dt>
                <dd>{c.days}</dd>
              </div>
            </dl>
          </div>
        </>
      )}
    </QueryState>
  );
}
