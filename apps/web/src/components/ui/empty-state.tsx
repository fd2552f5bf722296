import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import styles from './ui.module.css';

/** An empty list's message, with an optional way on (a secondary button link: "Browse experiences"). */
export function EmptyState({
  children,
  action,
}: {
  children: ReactNode;
  action?: { to: string; label: string };
}) {
  return (
    <div className={styles.empty}>
      {children}
      {action && (
        <Link className={buttonClass('secondary')} to={action.to}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
