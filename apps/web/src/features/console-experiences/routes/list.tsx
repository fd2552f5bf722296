import type { TAdminProductRow } from '@club/shared/contract/admin-catalog';
import { formatMoney } from '@club/shared/money';
import { isPageSize } from '@club/shared/schemas/list-query';
import {
  ADMIN_PAGE_SIZES,
  ADMIN_PRODUCT_SORTS,
  EXPERIENCE_STATUSES,
  type TAdminProductListQuery,
} from '@club/shared/schemas/admin-catalog';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/use-address-params';
import { FilterButtons } from '../../../components/console/filter-fields';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { formatDate } from '../../../components/experience/format';
import {
  Badge,
  Button,
  buttonClass,
  DataLoadError,
  Options,
  SelectField,
  Spinner,
  TextField,
} from '../../../components/ui';
import { consoleExperiencePath } from '../../../config/console';
import { useCatalogOptions, useExperienceList } from '../api/experiences';
import styles from '../components/console-experiences.module.css';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/icons';
import { formatClubDateTime } from '../../../lib/club-time';

type Sort = (typeof ADMIN_PRODUCT_SORTS)[number];
const column = createColumnHelper<TAdminProductRow>();

/** The list's state lives in the address (?q=&category_id=&status=&from=&to=&sort=&dir=&page=&per_page=). */
function useListQuery() {
  const [search, setSearch] = useAddressParams();
  const get = (key: string) => search.get(key) || undefined;
  const sort = (ADMIN_PRODUCT_SORTS as readonly string[]).includes(get('sort') ?? '')
    ? (get('sort') as Sort)
    : 'start_date';
  const perPage = Number(get('per_page'));
  const query: TAdminProductListQuery = {
    page: Math.max(1, Number(get('page')) || 1),
    per_page: isPageSize(ADMIN_PAGE_SIZES, perPage) ? perPage : 25,
    sort,
    dir: get('dir') === 'asc' ? 'asc' : 'desc',
    q: get('q'),
    category_id: get('category_id') ? Number(get('category_id')) : undefined,
    status: (EXPERIENCE_STATUSES as readonly string[]).includes(get('status') ?? '')
      ? (get('status') as TAdminProductListQuery['status'])
      : undefined,
    from: get('from'),
    to: get('to'),
  };
  const update = (change: Record<string, string | number | undefined>, resetPage = true) =>
    setSearch((next) => {
      for (const [key, value] of Object.entries(change)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (resetPage && !('page' in change)) next.delete('page');
    });
  const reset = () =>
    setSearch((next) => {
      for (const key of [...next.keys()]) next.delete(key);
    });
  return { query, update, reset };
}

/** The console's experiences: filtered, sorted and paged by the server; each row opens the form. */
export default function ExperienceListPage() {
  const { t, i18n } = useTranslation('console-experiences');
  const en = i18n.language === 'en';
  const { query, update, reset } = useListQuery();
  const list = useExperienceList(query);
  const options = useCatalogOptions();
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  const columns = useMemo(
    () => [
      column.display({
        id: 'image',
        header: () => <span className="visually-hidden">{t('list.columns.name')}</span>,
        cell: ({ row }) =>
          row.original.image_url ? (
            <img
              className={styles.thumb}
              src={row.original.image_url}
              srcSet={row.original.image_srcset ?? undefined}
              sizes="64px"
              alt=""
              width={64}
              height={36}
            />
          ) : null,
      }),
      column.accessor((r) => (en ? r.name_en : r.name_pl), {
        id: 'name',
        header: t('list.columns.name'),
        cell: ({ row, getValue }) => (
          <Link
            className={styles.rowLink}
            to={consoleExperiencePath(row.original.id)}
            aria-label={t('list.edit', { name: getValue() })}
          >
            {getValue()}
          </Link>
        ),
      }),
      column.accessor((r) => (en ? r.category.name_en : r.category.name_pl), {
        id: 'category',
        header: t('list.columns.category'),
      }),
      column.accessor('start_date', {
        header: t('list.columns.start_date'),
        cell: ({ getValue }) => formatDate(getValue(), i18n.language),
      }),
      column.accessor('price', {
        header: t('list.columns.price'),
        cell: ({ getValue }) => formatMoney(getValue(), i18n.language),
      }),
      column.display({
        id: 'seats',
        header: t('list.columns.seats'),
        cell: ({ row }) =>
          row.original.total_seats === null
            ? t('list.noCap', { taken: row.original.seats_taken })
            : t('list.seats', { taken: row.original.seats_taken, total: row.original.total_seats }),
      }),
      column.accessor('status', {
        header: t('list.columns.status'),
        cell: ({ getValue }) => (
          <Badge tone={getValue() === 'on_sale' ? 'gold' : 'neutral'}>{t(`status.${getValue()}`)}</Badge>
        ),
      }),
      column.accessor('updated_at', {
        header: t('list.columns.updated_at'),
        cell: ({ getValue }) => formatClubDateTime(getValue(), i18n.language, 'short'),
      }),
    ],
    [t, en, i18n.language],
  );

  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    pageCount: meta?.last_page ?? 1,
  });

  const sortable = new Set<string>(ADMIN_PRODUCT_SORTS);
  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    update(Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v).trim() || undefined])));
  };

  return (
    <>
      <ConsolePageHeader
        title={t('list.title')}
        lead={t('list.lead')}
        actions={
          <Link className={buttonClass('primary', 'small')} to={consoleExperiencePath('new')}>
            {t('list.new')}
          </Link>
        }
      />
      <form className={styles.filters} onSubmit={applyFilters} role="search" key={JSON.stringify(query)}>
        <TextField
          label={t('list.search')}
          name="q"
          type="search"
          placeholder={t('list.searchPlaceholder')}
          defaultValue={query.q ?? ''}
        />
        <SelectField
          label={t('list.category')}
          name="category_id"
          defaultValue={String(query.category_id ?? '')}
        >
          <option value="">{t('list.any')}</option>
          {options.data?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {en ? c.name_en : c.name_pl}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('list.status')} name="status" defaultValue={query.status ?? ''}>
          <option value="">{t('list.any')}</option>
          <Options values={EXPERIENCE_STATUSES} label={(s) => t(`status.${s}`)} />
        </SelectField>
        <TextField label={t('list.from')} name="from" type="date" defaultValue={query.from ?? ''} />
        <TextField label={t('list.to')} name="to" type="date" defaultValue={query.to ?? ''} />
        <FilterButtons
          onClear={reset}
          labels={{ apply: t('list.search'), clear: t('list.reset') }}
          className={styles.pagerButtons}
        />
      </form>

      {list.isError ? (
        <DataLoadError onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className={styles.notice} role="status">
          {t('list.empty')}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={list.isFetching}>
            <caption>
              {t('list.caption', {
                page: meta?.current_page ?? 1,
                pages: meta?.last_page ?? 1,
                total: meta?.total ?? 0,
              })}
            </caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const id = header.column.id;
                    const active = query.sort === id;
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {sortable.has(id) ? (
                          <button
                            type="button"
                            className={styles.sortButton}
                            onClick={() =>
                              update({ sort: id, dir: active && query.dir === 'asc' ? 'desc' : 'asc' })
                            }
                          >
                            {label}
                            <span aria-hidden="true">
                              {active ? query.dir === 'asc' ? <ArrowUpIcon /> : <ArrowDownIcon /> : null}
                            </span>
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-testid="experience-row">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {meta && meta.total > 0 && (
        <nav
          className={styles.pager}
          aria-label={t('list.page', { page: meta.current_page, pages: meta.last_page })}
        >
          <p className={styles.statusText}>
            {t('list.page', { page: meta.current_page, pages: meta.last_page })}
          </p>
          <div className={styles.pagerButtons}>
            <SelectField
              label={t('list.perPage')}
              value={String(query.per_page)}
              onChange={(e) => update({ per_page: e.target.value })}
            >
              {ADMIN_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
            <Button
              size="small"
              variant="secondary"
              disabled={meta.current_page <= 1}
              onClick={() => update({ page: meta.current_page - 1 }, false)}
            >
              {t('list.previous')}
            </Button>
            <Button
              size="small"
              variant="secondary"
              disabled={meta.current_page >= meta.last_page}
              onClick={() => update({ page: meta.current_page + 1 }, false)}
            >
              {t('list.next')}
            </Button>
          </div>
        </nav>
      )}
    </>
  );
}
