import type { ConsentFlag } from '@club/shared/consents';
import type { TConsentEvent } from '@club/shared/schemas/privacy';
import { useTranslation } from 'react-i18next';
import { Badge, DataLoadError, Spinner } from '../../../components/ui';
import { useConsentText } from '../../../lib/consents';
import { useConsentHistory } from '../api/consent-history';
import { AccountSection } from './account-section';
import styles from './consent-history.module.css';

/** A marketing channel's words alone ("by post") read as the channel of the marketing lead. */
function useConsentWords() {
  const consent = useConsentText();
  return (flag: TConsentEvent['consent']) =>
    flag.startsWith('term_4')
      ? `${consent('marketing').replace(/:\s*$/, '')}: ${consent(flag as ConsentFlag)}`
      : consent(flag as ConsentFlag);
}

/**
 * The member's consent history (issue 31): every consent given or withdrawn, when, by whom and
 * where, and the version of the wording shown then. Read-only: it is a record, not a form.
 */
export function ConsentHistory() {
  const { t, i18n } = useTranslation('account');
  const history = useConsentHistory(true);
  const words = useConsentWords();
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  });

  return (
    <AccountSection id="consent-history" title={t('consentHistory.title')} lead={t('consentHistory.lead')}>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <DataLoadError onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className={styles.empty} role="status">
          {t('consentHistory.empty')}
        </p>
      ) : (
        <ol className={styles.list} data-testid="consent-history">
          {history.data.map((event) => (
            <li key={event.id} className={styles.item}>
              <time className={styles.when} dateTime={event.at}>
                {when.format(new Date(event.at))}
              </time>
              <div className={styles.what}>
                <div className={styles.headline}>
                  <Badge tone={event.given ? 'gold' : 'neutral'}>
                    {t(event.given ? 'consentHistory.given' : 'consentHistory.withdrawn')}
                  </Badge>
                  <span className={styles.text}>{words(event.consent)}</span>
                </div>
                <span className={styles.meta}>
                  {event.backfill ? t('consentHistory.backfill') : t(`consentHistory.source_${event.source}`)}
                  {event.wording_version &&
                    ` · ${t('consentHistory.version', { version: event.wording_version })}`}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </AccountSection>
  );
}
