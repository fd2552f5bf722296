import { RETENTION_RULES } from '@club/shared/schemas/privacy-console';
import { useTranslation } from 'react-i18next';
import { DataLoadError, type SectionLook, Spinner, TitledSection } from '../../../components/ui';
import { useRetention } from '../api/retention';
import styles from './console-members.module.css';

/**
 * The retention job as staff see it (docs/privacy.md "Retention"): the periods in force, when it
 * last ran and what it removed or anonymised then.
 */
export function RetentionPanel({ look }: { look: SectionLook }) {
  const { t, i18n } = useTranslation('console-members');
  const retention = useRetention();
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  });
  return (
    <TitledSection id="retention" title={t('retention.title')} look={look}>
      {retention.isPending ? (
        <Spinner />
      ) : retention.isError ? (
        <DataLoadError onRetry={() => void retention.refetch()} />
      ) : (
        <>
          <p className={styles.muted} role="status" data-testid="retention-last-run">
            {retention.data.last_run
              ? t('retention.lastRun', { when: when.format(new Date(retention.data.last_run.finished_at)) })
              : t('retention.never')}
          </p>
          <dl className={styles.facts}>
            {RETENTION_RULES.map((rule) => (
              <div key={rule}>
                <dt>{t(`retention.rule.${rule}`, { ...retention.data.periods })}</dt>
                <dd>
                  {retention.data.last_run
                    ? t('retention.count', { count: retention.data.last_run.counts[rule] ?? 0 })
                    : t('empty')}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </TitledSection>
  );
}
