import type { TSeatBoardRow } from '@club/shared/contract/admin-orders';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsoleList } from '../../../components/console/console-list';
import { FilterForm } from '../../../components/console/filter-fields';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { useTableUrl } from '../../../components/console/use-table-url';
import { TextField } from '../../../components/ui';
import { consoleSeatPath } from '../../../config/console';
import { useSeatBoard } from '../api/sales';
import styles from '../components/console-sales.module.css';
import { formatClubDate } from '../../../lib/club-time';

const FILTERS = ['q', 'from', 'to'] as const;

/** The seat board: per experience and date its capacity, sold, held, free seats and waiting list. */
export default function SeatsPage() {
  const { t, i18n } = useTranslation('console-sales');
  const en = i18n.language === 'en';
  const state = useTableUrl(FILTERS, { sort: 'start_date', dir: 'asc' });
  const f = state.filters;
  const board = useSeatBoard({
    page: state.page,
    q: f.q || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  });
  const columns = useMemo<ColumnDef<TSeatBoardRow>[]>(
    () => [
      {
        id: 'name',
        header: t('seats.colExperience'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            className={styles.rowLink}
            to={consoleSeatPath(row.original.product_id)}
            aria-label={t('seats.open', { name: en ? row.original.name_en : row.original.name_pl })}
          >
            {en ? row.original.name_en : row.original.name_pl}
          </Link>
        ),
      },
      {
        id: 'start_date',
        header: t('seats.colDate'),
        enableSorting: false,
        cell: ({ row }) =>
          `${formatClubDate(row.original.start_date, i18n.language, 'short')}${row.original.start_time ? ` ${row.original.start_time}` : ''}`,
      },
      {
        id: 'capacity',
        header: t('seats.capacity'),
        enableSorting: false,
        cell: ({ row }) => row.original.capacity ?? t('seats.noCap'),
      },
      { id: 'sold', header: t('seats.sold'), enableSorting: false, cell: ({ row }) => row.original.sold },
      { id: 'held', header: t('seats.held'), enableSorting: false, cell: ({ row }) => row.original.held },
      {
        id: 'held_for_list',
        header: t('seats.heldForList'),
        enableSorting: false,
        cell: ({ row }) => row.original.held_for_list,
      },
      {
        id: 'free',
        header: t('seats.free'),
        enableSorting: false,
        cell: ({ row }) => (
          <strong className={row.original.free === 0 ? styles.soldOut : undefined}>
            {row.original.free ?? '∞'}
          </strong>
        ),
      },
      {
        id: 'waiting',
        header: t('seats.waiting'),
        enableSorting: false,
        cell: ({ row }) => row.original.waiting,
      },
    ],
    [t, en, i18n.language],
  );
  return (
    <>
      <ConsolePageHeader title={t('seats.title')} lead={t('seats.lead')} />
      <FilterForm label={t('seats.filters')} names={FILTERS} state={state}>
        <TextField label={t('seats.search')} name="q" type="search" defaultValue={f.q} />
        <TextField label={t('seats.from')} name="from" type="date" defaultValue={f.from} />
        <TextField label={t('seats.to')} name="to" type="date" defaultValue={f.to} />
      </FilterForm>
      <ConsoleList
        list={board}
        state={{ sort: 'start_date', dir: 'asc', setPage: state.setPage }}
        columns={columns}
        rowKey={(row) => row.product_id}
        labels={{
          caption: t('seats.caption'),
          empty: t('seats.empty'),
        }}
      />
    </>
  );
}
