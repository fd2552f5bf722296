import type { TDeskOrderRow } from '@club/shared/contract/admin-orders';
import { ORDER_STATUSES } from '@club/shared/constants';
import { formatMoney } from '@club/shared/money';
import {
  DESK_ORDER_SORTS,
  DESK_REFUND_FILTERS,
  DESK_PAGE_SIZES,
  type TDeskOrderListQuery,
} from '@club/shared/schemas/admin-orders';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsoleList } from '../../../components/console/console-list';
import { FilterForm } from '../../../components/console/filter-fields';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { pagedQuery, useTableUrl } from '../../../components/console/use-table-url';
import { Badge, Options, SelectField, TextField } from '../../../components/ui';
import { consoleOrderPath } from '../../../config/console';
import { useDeskOptions, useDeskOrders } from '../api/sales';
import { dateTimeFormat, STATUS_TONE } from '../components/labels';
import styles from '../components/console-sales.module.css';

const FILTERS = ['q', 'status', 'refund', 'from', 'to', 'product_id', 'member', 'code', 'per_page'] as const;
/** The filter form's fields: the page size is chosen under the list, at once. */
const APPLIED_FILTERS = FILTERS.filter((n) => n !== 'per_page');
/** The form's two free-text searches, each with its hint: the order itself and the member. */
const SEARCHES = [
  { name: 'q', label: 'orders.search', placeholder: 'orders.searchPlaceholder' },
  { name: 'member', label: 'orders.member', placeholder: 'orders.memberPlaceholder' },
] as const;

/** The sales desk's orders: filtered, sorted and paged by the server; every filter in the address. */
export default function OrdersPage() {
  const { t, i18n } = useTranslation('console-sales');
  const en = i18n.language === 'en';
  const state = useTableUrl(FILTERS, { sort: 'created_at', dir: 'desc' });
  const f = state.filters;
  const query: TDeskOrderListQuery = {
    ...pagedQuery(
      state,
      f.per_page,
      { offered: DESK_PAGE_SIZES, fallback: 25 },
      { offered: DESK_ORDER_SORTS, fallback: 'created_at' },
    ),
    q: f.q || undefined,
    status: (ORDER_STATUSES as readonly string[]).includes(f.status)
      ? (f.status as TDeskOrderListQuery['status'])
      : undefined,
    refund: (DESK_REFUND_FILTERS as readonly string[]).includes(f.refund)
      ? (f.refund as TDeskOrderListQuery['refund'])
      : undefined,
    from: f.from || undefined,
    to: f.to || undefined,
    product_id: f.product_id ? Number(f.product_id) : undefined,
    member: f.member || undefined,
    code: f.code || undefined,
  };
  const list = useDeskOrders(query);
  const options = useDeskOptions();
  const when = useMemo(() => dateTimeFormat(i18n.language), [i18n.language]);

  const columns = useMemo<ColumnDef<TDeskOrderRow>[]>(
    () => [
      {
        id: 'id',
        header: t('orders.colNumber'),
        meta: t('orders.colNumber'),
        cell: ({ row }) => (
          <Link
            className={styles.rowLink}
            to={consoleOrderPath(row.original.id)}
            aria-label={t('orders.open', { id: row.original.id })}
          >
            #{row.original.id}
          </Link>
        ),
      },
      {
        id: 'created_at',
        header: t('orders.colPlaced'),
        meta: t('orders.colPlaced'),
        cell: ({ row }) => when.format(new Date(row.original.created_at)),
      },
      {
        id: 'member',
        header: t('orders.colMember'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.member ? (
            <span className={styles.stack}>
              <strong>{row.original.member.name || '—'}</strong>
              <span className={styles.muted}>{row.original.member.email}</span>
            </span>
          ) : (
            <span className={styles.muted}>{t('orders.removedMember')}</span>
          ),
      },
      {
        id: 'experiences',
        header: t('orders.colExperiences'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className={`${styles.stack} ${styles.wrapText}`}>
            {row.original.experiences.map((name, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order may hold the same name twice
              <span key={i}>{name}</span>
            ))}
          </span>
        ),
      },
      {
        id: 'seats',
        header: t('orders.colSeats'),
        enableSorting: false,
        cell: ({ row }) => row.original.seats,
      },
      {
        id: 'total',
        header: t('orders.colTotal'),
        meta: t('orders.colTotal'),
        cell: ({ row }) => (
          <span className={styles.stack}>
            <span>{formatMoney(row.original.total, i18n.language)}</span>
            {row.original.refunded > 0 && (
              <span className={styles.muted}>
                {t('orders.refundedShort', { amount: formatMoney(row.original.refunded, i18n.language) })}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'status',
        header: t('orders.colStatus'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.stack}>
            <Badge tone={STATUS_TONE[row.original.status]}>{t(`status.${row.original.status}`)}</Badge>
            {row.original.refund_state !== 'NONE' && (
              <Badge tone="gold">{t(`refund.${row.original.refund_state}`)}</Badge>
            )}
            {row.original.paid_by === 'BANK_TRANSFER' && (
              <span className={styles.muted}>{t('orders.byTransfer')}</span>
            )}
          </span>
        ),
      },
      {
        id: 'code',
        header: t('orders.colCode'),
        enableSorting: false,
        cell: ({ row }) => row.original.discount_code ?? '—',
      },
    ],
    [t, when, i18n.language],
  );

  const _meta = list.data?.meta;
  const capped = list.data?.total_capped ?? false;

  return (
    <>
      <ConsolePageHeader title={t('orders.title')} lead={t('orders.lead')} />
      <FilterForm label={t('orders.filters')} names={APPLIED_FILTERS} state={state}>
        {SEARCHES.map((search) => (
          <TextField
            key={search.name}
            label={t(search.label)}
            name={search.name}
            type="search"
            placeholder={t(search.placeholder)}
            defaultValue={f[search.name]}
          />
        ))}
        <SelectField label={t('orders.status')} name="status" defaultValue={f.status}>
          <option value="">{t('orders.any')}</option>
          <Options values={ORDER_STATUSES} label={(s) => t(`status.${s}`)} />
        </SelectField>
        <SelectField label={t('orders.refund')} name="refund" defaultValue={f.refund}>
          <option value="">{t('orders.any')}</option>
          <Options values={DESK_REFUND_FILTERS} label={(s) => t(`refundFilter.${s}`)} />
        </SelectField>
        <SelectField label={t('orders.experience')} name="product_id" defaultValue={f.product_id}>
          <option value="">{t('orders.any')}</option>
          {options.data?.experiences.map((e) => (
            <option key={e.id} value={e.id}>
              {`${en ? e.name_en : e.name_pl} (${e.start_date})`}
            </option>
          ))}
        </SelectField>
        <TextField label={t('orders.from')} name="from" type="date" defaultValue={f.from} />
        <TextField label={t('orders.to')} name="to" type="date" defaultValue={f.to} />
        <TextField label={t('orders.code')} name="code" defaultValue={f.code} autoComplete="off" />
      </FilterForm>
      <ConsoleList
        list={list}
        state={state}
        columns={columns}
        rowKey={(row) => row.id}
        labels={{
          caption: t('orders.caption'),
          empty: t('orders.empty'),
          pageOf: (page, last, total) =>
            t(capped ? 'orders.pageOfCapped' : 'orders.pageOf', {
              page,
              last,
              total: total.toLocaleString(en ? 'en-GB' : 'pl-PL'),
            }),
        }}
      />
      <div className={styles.perPage}>
        <SelectField
          label={t('orders.perPage')}
          value={String(query.per_page)}
          onChange={(e) => state.setFilter('per_page', e.target.value)}
        >
          {DESK_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
    </>
  );
}
