import * as Accordion from '@radix-ui/react-accordion';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../../../components/ui';
import { SafeHtml } from '../../../components/ui/safe-html';
import { useFaq } from '../api/content';
import { QueryState } from '../components/query-state';
import styles from '../components/content.module.css';

/** /faq: an accordion per category (SPEC.md §2): question, sanitised HTML answer. */
export default function FaqPage() {
  const { t } = useTranslation('content');
  const query = useFaq();
  return (
    <>
      <PageHeader eyebrow={t('faq.eyebrow')} title={t('faq.title')} subtitle={t('faq.subtitle')} />
      <div className="container">
        <QueryState query={query}>
          {(categories) =>
            categories.length === 0 ? (
              <EmptyState>
                <p>{t('faq.empty')}</p>
              </EmptyState>
            ) : (
              <div className={styles.faq}>
                {categories.map((category) => (
                  <section
                    key={category.id}
                    aria-labelledby={`faq-${category.id}`}
                    className={styles.faqCategory}
                  >
                    <h2 id={`faq-${category.id}`} className={styles.faqTitle}>
                      {category.name}
                    </h2>
                    <Accordion.Root type="multiple" className={styles.accordion}>
                      {category.questions.map((q) => (
                        <Accordion.Item key={q.id} value={String(q.id)} className={styles.accordionItem}>
                          <Accordion.Header asChild>
                            <h3 className={styles.accordionHeader}>
                              <Accordion.Trigger className={styles.accordionTrigger}>
                                <span>{q.question}</span>
                                <span aria-hidden="true" className={styles.chevron}>
                                  +
                                </span>
                              </Accordion.Trigger>
                            </h3>
                          </Accordion.Header>
                          <Accordion.Content className={styles.accordionContent}>
                            <SafeHtml html={q.answer} className={styles.answer} />
                          </Accordion.Content>
                        </Accordion.Item>
                      ))}
                    </Accordion.Root>
                  </section>
                ))}
              </div>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
