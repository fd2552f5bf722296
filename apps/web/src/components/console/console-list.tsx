import { DataLoadError } from '../ui/data-load-error';
import { DataTable, type DataTableProps, type TablePage } from './data-table';

/** What a console list's query gives (TanStack Query's result of a paged list call). */
type ListQuery<T> = {
  data?: { data: T[]; meta?: TablePage };
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/** The list's place in the address (use-table-url.ts); a list in a fixed order gives no `setSort`. */
type ListState = {
  sort: string;
  dir: 'asc' | 'desc';
  setSort?: (column: string, dir: 'asc' | 'desc') => void;
  setPage: (page: number) => void;
};

/**
 * Every paged list of the console: its rows from the query, its page and order from the address,
 * the load error with a retry instead of the table when the call failed. `refusedInline`: the call
 * was refused for its filters (422) and the filter form says why, so the list shows empty instead.
 */
export function ConsoleList<T>({
  list,
  state,
  refusedInline = false,
  ...table
}: {
  list: ListQuery<T>;
  state: ListState;
  refusedInline?: boolean;
} & Pick<DataTableProps<T>, 'columns' | 'rowKey' | 'labels'>) {
  if (list.isError && !refusedInline) return <DataLoadError onRetry={() => void list.refetch()} />;
  const answer = list.isError ? undefined : list.data;
  return (
    <DataTable
      {...table}
      data={answer?.data ?? []}
      page={answer?.meta}
      sort={state.sort}
      dir={state.dir}
      onSort={state.setSort}
      onPage={state.setPage}
      loading={list.isFetching}
    />
  );
}
