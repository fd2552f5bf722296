import { COPY_FEEDBACK_MS, COPY_FEEDBACK_RESET_MS } from '@club/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import styles from './dealers.module.css';

type Feedback = 'idle' | 'copied' | 'error';

/** A link the dealer can copy; 'link copied' or 'copy error' shows for 2 s, then resets (SPEC.md §4, §9). */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const { t } = useTranslation('dealers');
  const [feedback, setFeedback] = useState<Feedback>('idle');
  const timers = useRef<number[]>([]);
  const id = useId();
  const clearTimers = () => {
    for (const timer of timers.current) window.clearTimeout(timer);
  };
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const copy = async () => {
    clearTimers();
    setFeedback('idle');
    let ok = false;
    try {
      await navigator.clipboard.writeText(url);
      ok = true;
    } catch {
      ok = false;
    }
    // A short blank between two clicks makes repeated feedback noticeable.
    timers.current = [
      window.setTimeout(() => setFeedback(ok ? 'copied' : 'error'), COPY_FEEDBACK_RESET_MS),
      window.setTimeout(() => setFeedback('idle'), COPY_FEEDBACK_RESET_MS + COPY_FEEDBACK_MS),
    ];
  };

  return (
    <div className={styles.copyLink}>
      <label className={styles.copyLabel} htmlFor={id}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <input
          id={id}
          className={styles.copyInput}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          {t('edit.copy')}
        </Button>
      </div>
      <span
        className={[styles.copyFeedback, feedback === 'error' ? styles.copyFeedbackError : ''].join(' ')}
        role="status"
        aria-live="polite"
      >
        {feedback === 'copied' ? t('edit.copied') : feedback === 'error' ? t('edit.copyError') : ''}
      </span>
    </div>
  );
}
