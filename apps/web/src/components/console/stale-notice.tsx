import { Button } from '../ui';
import { ApiError } from '../../lib/api-client';
import styles from './console-ui.module.css';

export const isStale = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'STALE';

/**
 * 409 STALE: someone saved first. The server's message says so; the button loads the current version
 * (and drops the edit). Nothing shows for any other error.
 */
export function StaleNotice({
  error,
  reloadLabel,
  onReload,
}: {
  error: unknown;
  reloadLabel: string;
  onReload: () => void;
}) {
  if (!isStale(error)) return null;
  return (
    <div className={styles.stale} role="alert">
      <p>{error.message}</p>
      <Button variant="secondary" size="small" onClick={onReload}>
        {reloadLabel}
      </Button>
    </div>
  );
}
