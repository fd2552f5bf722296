import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataLoadError, Spinner } from '../../../components/ui';
import styles from './content.module.css';

/** Loading spinner, the 'Data loading failed' alert, or the content. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className={styles.loading} role="status" aria-busy="true">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="container">
        <DataLoadError onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
