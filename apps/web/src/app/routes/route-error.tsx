import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import styles from './simple-page.module.css';

const RELOADED_KEY = 'club.reloaded-after-deploy';
const isStaleChunk = (error: unknown) =>
  /dynamically imported module|Unable to preload CSS|Importing a module script failed|error loading dynamically/i.test(
    String((error as Error)?.message ?? error),
  );

/**
 * The router's last line: a page chunk missing after a new deployment reloads the page once (the new
 * index.html names the new chunks); anything else gets a calm page instead of a stack trace.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const stale = isStaleChunk(error);
  useEffect(() => {
    // At most one automatic reload in 30 s, so a chunk that is really missing cannot loop.
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (stale && Date.now() - last > 30_000) {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      window.location.reload();
    }
  }, [stale]);
  return (
    <main className={styles.page}>
      <h1>{t('popup.errorOccurred')}</h1>
      <p className={styles.text}>
        {t('state.loadFailed')} <a href={window.location.href}>{t('state.refreshPage')}</a>
        {t('state.toTryAgain')}
      </p>
    </main>
  );
}
