import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { CLUB_TIME_ZONE } from '../../../lib/club-time';
import { useListConflicts, useReviewConflict } from '../api/check-in-lists';
import rows from '../offline/offline.module.css';
import styles from './check-in-lists.module.css';

const whenOf = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: CLUB_TIME_ZONE,
  }).format(new Date(iso));

/**
 * A list's open conflicts from the gates' syncs (issue 29, docs/event-day.md), under the list on the
 * console's check-in lists: who, which gates, when, who was first; "reviewed" takes one off every
 * gate's list and the audit log keeps who. Nothing shows while there is none.
 */
export function ListConflicts({ listId, listName }: { listId: number; listName: string }) {
  const { t, i18n } = useTranslation('console-gate');
  const conflicts = useListConflicts(listId);
  const review = useReviewConflict(listId);
  const lang = i18n.language;
  if (conflicts.isError) return <p className={rows.warn}>{t('failed')}</p>;
  if (!conflicts.data?.length) return null;
  return (
    <section
      className={styles.conflicts}
      aria-label={t('lists.conflictsOf', { name: listName })}
      data-testid="list-conflicts"
    >
      <h2 className={rows.conflictsTitle}>{t('offline.conflicts', { count: conflicts.data.length })}</h2>
      <ul className={rows.conflictList}>
        {conflicts.data.map((c) => (
          <li key={c.id} className={rows.conflict} data-testid="list-conflict">
            <strong>{c.name || t('guest')}</strong>
            {c.order_id !== null && <span className={rows.meta}>{t('orderNo', { id: c.order_id })}</span>}
            <span>
              {t(c.kind === 'OUT' ? 'offline.outOther' : 'offline.scanOther', {
                time: whenOf(c.scan.at, lang),
                gate: c.scan.gate ?? t('noGate'),
                by: c.scan.by ?? t('someone'),
              })}
            </span>
            <span className={rows.verdict}>
              {c.outcome === 'CONFLICT' && c.winner
                ? t('offline.firstWas', {
                    time: whenOf(c.winner.at, lang),
                    gate: c.winner.gate ?? t('noGate'),
                    by: c.winner.by ?? t('someone'),
                  })
                : t(`offline.refused.${c.outcome}`)}
            </span>
            <Button
              variant="secondary"
              size="small"
              loading={review.isPending && review.variables === c.id}
              disabled={review.isPending}
              onClick={() => review.mutate(c.id)}
              aria-label={t('offline.reviewNamed', { name: c.name || t('guest') })}
            >
              {t('offline.review')}
            </Button>
          </li>
        ))}
      </ul>
      {review.isError && <p className={rows.warn}>{t('failed')}</p>}
    </section>
  );
}
