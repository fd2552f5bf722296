import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { closeConsentSettings, setConsent, useConsentState } from '../../../lib/analytics';
import styles from './consent-banner.module.css';
import { BrandMark } from '../../../components/ui/icons';

/**
 * The cookie consent banner: on the first visit (public pages too) and again from the footer's
 * "Cookie settings". Non-modal (the page stays usable), a labelled region; accepting and rejecting
 * are equally easy. Shown only when a tracker is configured: without one there is nothing to ask.
 */
export function ConsentBanner() {
  const { t, i18n } = useTranslation('consent');
  const { choice, settingsOpen } = useConsentState();
  const titleId = useId();
  const textId = useId();
  const regionRef = useRef<HTMLElement>(null);
  const open = choice === null || settingsOpen;

  // Opened on request (from the footer): take the focus there, so keyboard users land on it.
  useEffect(() => {
    if (settingsOpen) regionRef.current?.focus();
  }, [settingsOpen]);

  if (!open) return null;
  return (
    <section
      ref={regionRef}
      className={styles.banner}
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      data-testid="consent-banner"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && choice !== null) closeConsentSettings();
      }}
    >
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow} aria-hidden="true">
            <BrandMark /> Excellence Club
          </p>
          <h2 id={titleId} className={styles.title}>
            {t('banner.title')}
          </h2>
          <div id={textId}>
            <p className={styles.text}>{t('banner.text')}</p>
            <p className={styles.text}>
              {t('banner.later')}{' '}
              <Link to={`${paths.cookiesPolicy}?lang=${i18n.language}`} className={styles.link}>
                {t('banner.policy')}
              </Link>
            </p>
            {choice !== null && <p className={styles.current}>{t(`banner.current.${choice}`)}</p>}
          </div>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConsent('denied')} aria-pressed={choice === 'denied'}>
            {t('banner.reject')}
          </Button>
          <Button variant="primary" onClick={() => setConsent('granted')} aria-pressed={choice === 'granted'}>
            {t('banner.accept')}
          </Button>
        </div>
        {choice !== null && (
          <button
            type="button"
            className={styles.close}
            aria-label={t('banner.close')}
            onClick={closeConsentSettings}
          >
            ×
          </button>
        )}
      </div>
    </section>
  );
}
