import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui';
import styles from './console-ui.module.css';
import { SortDownIcon, SortIcon, SortUpIcon } from '../ui/icons';

export type TablePage = { current_page: number; last_page: number; total: number };

export type DataTableLabels = {
  /** The table's name for screen readers (and its scroll region's). */
  caption: string;
  empty: string;
  /** "Page 2 of 5 (48)"; the console's common wording when absent. */
  pageOf?: (page: number, last: number, total: number) => string;
};

export type DataTableProps<T> = {
  columns: ColumnDef<T>[];
  data: T[];
  page?: TablePage;
  sort: string;
  dir: 'asc' | 'desc';
  /** Absent for a list in a fixed order. */
  onSort?: (column: string, dir: 'asc' | 'desc') => void;
  onPage: (page: number) => void;
  loading?: boolean;
  labels: DataTableLabels;
  rowKey: (row: T) => string | number;
};

/**
 * A console list (TanStack Table, headless): the server pages and sorts (`manualPagination`,
 * `manualSorting`), the address keeps the state (use-table-url.ts). Sortable headers are buttons with
 * `aria-sort`; on a phone the table scrolls sideways inside its own labelled region.
 */
export function DataTable<T>({
  columns,
  data,
  page,
  sort,
  dir,
  onSort,
  onPage,
  loading,
  labels,
  rowKey,
}: DataTableProps<T>) {
  const { t } = useTranslation('console');
  const { pageOf } = labels;
  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    pageCount: page?.last_page ?? 1,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
  });
  return (
    <div className={styles.tableBlock}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <div className={styles.tableScroll} role="region" aria-label={labels.caption} tabIndex={0}>
        <table className={styles.table} aria-busy={loading || undefined}>
          <caption className="visually-hidden">{labels.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable =
                    onSort !== undefined &&
                    header.column.getCanSort() &&
                    header.column.columnDef.enableSorting !== false;
                  const active = sort === header.column.id;
                  const title = flexRender(header.column.columnDef.header, header.getContext()) as ReactNode;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          aria-label={t('table.sortBy', {
                            column: String(header.column.columnDef.meta ?? header.column.id),
                          })}
                          onClick={() => onSort?.(header.column.id, active && dir === 'asc' ? 'desc' : 'asc')}
                        >
                          {title}
                          <span aria-hidden="true" className={styles.sortMark}>
                            {active ? dir === 'asc' ? <SortUpIcon /> : <SortDownIcon /> : <SortIcon />}
                          </span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && data.length === 0 && <p className={styles.empty}>{labels.empty}</p>}
        {loading && data.length === 0 && (
          <div className={styles.tableLoading}>
            <Spinner />
          </div>
        )}
      </div>
      {page && <Pager page={page} onPage={onPage} label={labels.caption} pageOf={pageOf} />}
    </div>
  );
}

/** A list's pages: previous, "Page 2 of 5 (48)", next; `label` names the list it pages. */
export function Pager({
  page,
  onPage,
  label,
  pageOf,
}: {
  page: TablePage;
  onPage: (page: number) => void;
  label: string;
  pageOf?: (page: number, last: number, total: number) => string;
}) {
  const { t } = useTranslation('console');
  const words = pageOf ?? ((p, last, total) => t('table.pageOf', { page: p, last, total }));
  return (
    <nav className={styles.pager} aria-label={label}>
      <button
        type="button"
        className={styles.pagerButton}
        disabled={page.current_page <= 1}
        onClick={() => onPage(page.current_page - 1)}
      >
        {t('table.previous')}
      </button>
      <span aria-live="polite">{words(page.current_page, page.last_page, page.total)}</span>
      <button
        type="button"
        className={styles.pagerButton}
        disabled={page.current_page >= page.last_page}
        onClick={() => onPage(page.current_page + 1)}
      >
        {t('table.next')}
      </button>
    </nav>
  );
}
