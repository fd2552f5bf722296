import type { LanguageCode } from '@club/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { setLanguage } from '../../lib/i18n';
import { buttonClass } from './button';
import styles from './public-card.module.css';
import { BrandMark } from './icons';

/**
 * The frame of the screens a visitor sees without a session (sign-in, password reset, the invited
 * customer's consents and activation): the brand, a title, the content and a language switch.
 */
export function PublicCard({
  title,
  lead,
  wide = false,
  languageSwitch = true,
  children,
}: {
  title?: ReactNode;
  lead?: ReactNode;
  /** For a long form (the consents); a message or a short form keeps the narrow card. */
  wide?: boolean;
  languageSwitch?: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <p className={styles.brand} aria-hidden="true">
          <BrandMark /> {t('brand')}
        </p>
        {title && <h1 className={styles.title}>{title}</h1>}
        {lead && <p className={styles.lead}>{lead}</p>}
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

/** A message centred in the card, with what the visitor can do next below it. */
export function PublicNotice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.notice} data-testid={testId}>
      {children}
    </div>
  );
}

/** The password is set (a reset link, an activation): the message and the way to sign in. */
export function SignInNotice({ title, text, linkText }: { title: string; text: string; linkText: string }) {
  return (
    <PublicCard title={title}>
      <PublicNotice>
        <p role="status">{text}</p>
        <Link to={paths.login} className={buttonClass('primary')}>
          {linkText}
        </Link>
      </PublicNotice>
    </PublicCard>
  );
}
