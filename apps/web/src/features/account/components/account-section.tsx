import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './account.module.css';

/**
 * One panel of the account pages: its title, its lead and, where a dealer may only look, the note
 * that the data is read-only for him.
 */
export function AccountSection({
  id,
  title,
  lead,
  readOnly = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  readOnly?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {lead && <p className={styles.lead}>{lead}</p>}
      {readOnly && (
        <p className={styles.note} role="note">
          {t('readOnlyForDealer')}
        </p>
      )}
      {children}
    </section>
  );
}
