import type { TInvoiceSummary } from '@club/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui';
import { clubToday } from '../../../lib/club-time';
import styles from './invoices.module.css';

const TONES: Record<NonNullable<TInvoiceSummary['ksef']>['state'], BadgeTone> = {
  WAITING: 'neutral',
  OFFLINE: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'danger',
};

/** An invoice's way to KSeF in the issued list: its state, the KSeF number, or KSeF's reason. */
export function KsefStatus({ invoice }: { invoice: TInvoiceSummary }) {
  const { t } = useTranslation('console-invoices');
  const ksef = invoice.ksef;
  if (!ksef) return <span className={styles.muted}>{t('ksef.none')}</span>;
  const waitingForInvoice = ksef.state === 'WAITING' && !ksef.xml;
  return (
    <div className={styles.ksef}>
      <Badge tone={TONES[ksef.state]}>{t(`ksef.states.${ksef.state}`)}</Badge>
      {ksef.number && (
        <span className={`${styles.muted} ${styles.ksefNumber}`} data-testid="ksef-number">
          {ksef.number}
        </span>
      )}
      {ksef.state === 'REJECTED' && ksef.error_reason && (
        <span className={styles.reason} title={ksef.error_reason}>
          {ksef.error_code !== null && <span className={styles.code}>{ksef.error_code}</span>}{' '}
          {ksef.error_reason}
        </span>
      )}
      {ksef.state === 'OFFLINE' && (
        <span className={styles.muted}>{t('ksef.offlineHint', { count: ksef.attempts })}</span>
      )}
      {ksef.state === 'OFFLINE' && ksef.offline_deadline && (
        <span className={styles.reason} data-testid="ksef-offline-deadline">
          {t('ksef.offlineDeadline', { date: ksef.offline_deadline.split('-').reverse().join('.') })}
        </span>
      )}
      {/* Still offline after its deadline day: staff must look (an announced failure of KSeF gives
          the ministry's own deadline, art. 106nf; otherwise the connection to KSeF is at fault). */}
      {ksef.state === 'OFFLINE' && ksef.offline_deadline && ksef.offline_deadline < clubToday() && (
        <span className={styles.reason} data-testid="ksef-overdue">
          <Badge tone="danger">{t('ksef.overdue')}</Badge> {t('ksef.overdueHint')}
        </span>
      )}
      {waitingForInvoice && <span className={styles.muted}>{t('ksef.waitingForInvoice')}</span>}
    </div>
  );
}
