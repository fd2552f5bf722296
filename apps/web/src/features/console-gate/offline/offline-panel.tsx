import type { TSessionUser } from '@club/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { CLUB_TIME_ZONE } from '../../../lib/club-time';
import styles from './offline.module.css';
import type { OfflineGate } from './use-offline-gate';

const timeOf = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', {
    timeStyle: 'short',
    timeZone: CLUB_TIME_ZONE,
  }).format(new Date(iso));

/**
 * The gate's offline state in one strip (issue 29): whether the network is there, the copy's time
 * ("list from 18:42"), the admissions waiting to be sent, the download and the sync; below it the
 * conflicts the server found, this gate's own first, each with "reviewed".
 */
export function OfflinePanel({
  offline,
  remembered = null,
}: {
  offline: OfflineGate;
  /** The staff member this device remembers, when the gate started without network (lib/gate-session.ts). */
  remembered?: TSessionUser | null;
}) {
  const { t, i18n } = useTranslation('console-gate');
  const lang = i18n.language;
  const { online, copy, pending, conflicts, busy, failed } = offline;
  const mine = conflicts.filter((c) => c.mine);
  const others = conflicts.filter((c) => !c.mine);
  return (
    <section className={styles.offline} aria-label={t('offline.label')} data-testid="gate-offline">
      <p className={online ? styles.state : `${styles.state} ${styles.stateOff}`} role="status">
        <span className={styles.dot} aria-hidden="true" />
        {online ? t('offline.online') : copy ? t('offline.offline') : t('offline.offlineNoCopy')}
      </p>
      <p className={styles.freshness} data-testid="gate-freshness">
        {copy
          ? t('offline.copyFrom', { time: timeOf(copy.generated_at, lang), count: copy.tickets.length })
          : t('offline.noCopy')}
        {pending > 0 && ` · ${t('offline.pending', { count: pending })}`}
      </p>
      {remembered && (
        <p className={styles.warn} data-testid="gate-remembered">
          {t(online ? 'offline.rememberedChecking' : 'offline.remembered', {
            name: `${remembered.name} ${remembered.surname}`.trim(),
          })}
        </p>
      )}
      {failed && online && <p className={styles.warn}>{t('offline.failed')}</p>}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="small"
          onClick={() => void offline.download()}
          loading={busy === 'download'}
          disabled={!online || busy !== null}
        >
          {copy ? t('offline.refresh') : t('offline.download')}
        </Button>
        {pending > 0 && (
          <Button
            size="small"
            onClick={() => void offline.sync()}
            loading={busy === 'sync'}
            disabled={!online || busy !== null}
          >
            {t('offline.syncNow')}
          </Button>
        )}
      </div>
      {conflicts.length > 0 && (
        <div className={styles.conflicts} data-testid="gate-conflicts">
          <h2 className={styles.conflictsTitle}>{t('offline.conflicts', { count: conflicts.length })}</h2>
          <p className={styles.hint}>{t('offline.conflictsHint')}</p>
          <ul className={styles.conflictList}>
            {[...mine, ...others].map((c) => (
              <li key={c.id} className={styles.conflict} data-mine={c.mine} data-testid="gate-conflict">
                <strong>{c.name || t('guest')}</strong>
                {c.order_id !== null && (
                  <span className={styles.meta}>{t('orderNo', { id: c.order_id })}</span>
                )}
                <span>
                  {t(`offline.${c.kind === 'OUT' ? 'out' : 'scan'}${c.mine ? 'Mine' : 'Other'}`, {
                    time: timeOf(c.scan.at, lang),
                    gate: c.scan.gate ?? t('noGate'),
                    by: c.scan.by ?? t('someone'),
                  })}
                </span>
                <span className={styles.verdict}>
                  {c.outcome === 'CONFLICT' && c.winner
                    ? t('offline.firstWas', {
                        time: timeOf(c.winner.at, lang),
                        gate: c.winner.gate ?? t('noGate'),
                        by: c.winner.by ?? t('someone'),
                      })
                    : t(`offline.refused.${c.outcome}`)}
                </span>
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => void offline.review(c.id)}
                  disabled={!online || busy !== null}
                  aria-label={t('offline.reviewNamed', { name: c.name || t('guest') })}
                >
                  {t('offline.review')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
