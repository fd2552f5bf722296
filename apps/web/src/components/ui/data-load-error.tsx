import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

/** SPEC.md §8: 'Data loading failed.' with a 'Refresh page' link 'to try again.' */
export function DataLoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.alert}>
      <p style={{ margin: 0 }}>
        {t('state.loadFailed')}{' '}
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => (onRetry ? onRetry() : window.location.reload())}
        >
          {t('state.refreshPage')}
        </button>
        {/* The text after the link brings its own lead: ", aby…" in Polish, " to…" in English. */}
        {t('state.toTryAgain')}
      </p>
    </div>
  );
}
