import type { LanguageCode } from '@club/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../lib/i18n';
import styles from './auth-card.module.css';

/** The frame of the screens a visitor sees without a session. */
export function AuthCard({
  title,
  subtitle,
  children,
  languageSwitch = true,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  languageSwitch?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand} aria-hidden="true">
          ◆ {t('brand')}
        </p>
        {title && <h1 className={styles.title}>{title}</h1>}
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
        {languageSwitch && (
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
        )}
      </div>
    </main>
  );
}

export { styles as authStyles };
