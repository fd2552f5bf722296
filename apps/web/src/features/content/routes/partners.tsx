import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../../../components/ui';
import { usePartners } from '../api/content';
import { QueryState } from '../components/query-state';
import styles from '../components/content.module.css';

/** /partners: the club's partners, linked when they have a site. */
export default function PartnersPage() {
  const { t } = useTranslation('content');
  const query = usePartners();
  return (
    <>
      <PageHeader
        eyebrow={t('partners.eyebrow')}
        title={t('partners.title')}
        subtitle={t('partners.subtitle')}
      />
      <div className="container">
        <QueryState query={query}>
          {(partners) =>
            partners.length === 0 ? (
              <EmptyState>
                <p>{t('partners.empty')}</p>
              </EmptyState>
            ) : (
              <ul className={styles.partners}>
                {partners.map((p) => {
                  const body = (
                    <>
                      {p.image_url && <img src={p.image_url} alt="" loading="lazy" />}
                      <span className={styles.partnerName}>{p.name}</span>
                    </>
                  );
                  return (
                    <li key={p.id} className={styles.partner}>
                      {p.url ? (
                        <a href={p.url} target="_blank" rel="noopener noreferrer">
                          {body}
                          <span className="visually-hidden"> {t('newTab')}</span>
                        </a>
                      ) : (
                        <div>{body}</div>
                      )}
                    </li>
                  );
                })}
              </ul>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
