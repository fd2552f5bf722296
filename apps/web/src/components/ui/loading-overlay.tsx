import type { ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './ui.module.css';

/** Every account screen shows this while it loads or saves (SPEC.md §2). */
export function LoadingOverlay({ active, children }: { active: boolean; children?: ReactNode }) {
  return (
    <div className={styles.overlayWrap} aria-busy={active}>
      {children}
      {active && (
        <div className={styles.overlay}>
          <Spinner />
        </div>
      )}
    </div>
  );
}
