import type { LanguageCode } from '@club/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../lib/i18n';
import styles from './dealers.module.css';

/** The frame of the two public registration steps: no session, no menus, a language switch. */
export function PublicCard({
  title,
  lead,
  narrow = false,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <main className={styles.publicPage}>
      <div className={[styles.publicCard, narrow ? styles.publicNarrow : ''].join(' ')}>
        <p className={styles.brand} aria-hidden="true">
          ◆ {t('brand')}
        </p>
        <h1 className={styles.publicTitle}>{title}</h1>
        {lead && <p className={styles.publicLead}>{lead}</p>}
        {children}
        <div className={styles.lang} role="group" aria-label={t('menu.language')}>
          {(['pl', 'en'] as LanguageCode[]).map((code) => (
            <button
              key={code}
              type="button"
              lang={code}
              aria-pressed={i18n.language === code}
              onClick={() => setLanguage(code)}
            >
              {t(`language.${code}`)}
            </button>
          ))}
        </div>
      </div>
    </main>
  );
}
