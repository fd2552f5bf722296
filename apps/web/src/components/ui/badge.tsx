import type { ReactNode } from 'react';
import styles from './ui.module.css';

export type BadgeTone = 'neutral' | 'gold' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={[styles.badge, tone === 'neutral' ? '' : styles[`badge-${tone}`]].join(' ')}>
      {children}
    </span>
  );
}
