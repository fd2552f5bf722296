import { DataLoadError, Spinner } from '../ui';

/** What a console screen shows of a query that has no data yet: the spinner, or the load error with a retry. */
export function LoadStatus({
  query,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <DataLoadError onRetry={() => void query.refetch()} />;
  return null;
}
