import type { TGateAttendee, TScanOutcome } from '@club/shared/contract/event-day';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { CheckIcon, CrossIcon, UndoIcon } from '../../../components/ui/icons';
import { CLUB_TIME_ZONE } from '../../../lib/club-time';
import styles from './gate.module.css';

const timeOf = (iso: string, lang: 'pl' | 'en') =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', {
    timeStyle: 'short',
    timeZone: CLUB_TIME_ZONE,
  }).format(new Date(iso));

/**
 * The answer of a scan, as big as the screen allows: green with the name for "in", red with the reason
 * in words for every refusal (never colour alone: a heading and an icon say it too). A refusal with a
 * ticket offers the override; a ticket in offers the check-out.
 */
export function ResultPanel({
  outcome,
  lang,
  pending,
  onOverride,
  onCheckOut,
  onDismiss,
}: {
  outcome: TScanOutcome;
  lang: 'pl' | 'en';
  pending: boolean;
  onOverride: (attendee: TGateAttendee) => void;
  /** Offered only where the list keeps check-outs. */
  onCheckOut?: (attendee: TGateAttendee) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('console-gate');
  const { result, attendee } = outcome;
  const good = result === 'IN';
  const neutral = result === 'OUT';
  const tone = good ? styles.good : neutral ? styles.neutral : styles.bad;
  const name = attendee ? `${attendee.name} ${attendee.surname}`.trim() || t('guest') : null;
  const stamp = attendee?.check_in;
  const detail = (() => {
    if (result === 'ALREADY_IN' && stamp)
      return t('detail.alreadyIn', {
        time: timeOf(stamp.at, lang),
        by: stamp.by ?? t('someone'),
        gate: stamp.gate ?? t('noGate'),
      });
    if (result === 'OTHER_EXPERIENCE') return t('detail.other', { name: outcome.other_experience ?? '–' });
    return t(`detail.${result}`);
  })();
  return (
    <div className={`${styles.result} ${tone}`} role="status" data-testid="gate-result" data-result={result}>
      <div className={styles.resultHead}>
        <span className={styles.resultIcon} aria-hidden="true">
          {good ? <CheckIcon /> : neutral ? <UndoIcon /> : <CrossIcon />}
        </span>
        <span className={styles.resultWord}>{t(`result.${result}`)}</span>
      </div>
      {name && <p className={styles.resultName}>{name}</p>}
      {attendee && attendee.party.length > 0 && (
        <p className={styles.resultParty}>
          {t('party', { names: attendee.party.join(', '), count: attendee.party.length })}
        </p>
      )}
      <p className={styles.resultDetail}>{detail}</p>
      <div className={styles.resultActions}>
        {attendee && !good && !neutral && (
          <Button variant="secondary" size="small" onClick={() => onOverride(attendee)} disabled={pending}>
            {t('override.open')}
          </Button>
        )}
        {onCheckOut &&
          attendee &&
          (result === 'IN' || result === 'ALREADY_IN') &&
          stamp &&
          !stamp.checked_out_at && (
            <Button variant="secondary" size="small" onClick={() => onCheckOut(attendee)} disabled={pending}>
              {t('checkOut')}
            </Button>
          )}
        <Button variant="ghost" size="small" onClick={onDismiss}>
          {t('next')}
        </Button>
      </div>
    </div>
  );
}
