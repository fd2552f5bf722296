import { formatMoney, INVOICE_REQUEST_SORTS, type TInvoiceRequest } from '@club/shared';
import { invoicesContract } from '@club/shared/contract/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleList } from '../../../components/console/console-list';
import { ConsolePageHeader } from '../../../components/console/page-header';
import uiStyles from '../../../components/console/console-ui.module.css';
import { oneOf, useSearchFilter, useTableUrl } from '../../../components/console/use-table-url';
import { Button, TextField, usePopup } from '../../../components/ui';
import { fetchData, queryKeyOf, queryPrefixOf, pageQueryOf } from '../../../lib/endpoint';
import { InvoiceTabs } from '../components/invoice-tabs';
import styles from '../components/invoices.module.css';
import { Link } from 'react-router';
import { consoleOrderPath } from '../../../config/console';

const FILTERS = ['search'] as const;

function IssueButton({ request }: { request: TInvoiceRequest }) {
  const { t, i18n } = useTranslation('console-invoices');
  const popup = usePopup();
  const queryClient = useQueryClient();
  const issue = useMutation({
    mutationFn: () => fetchData(invoicesContract.issue, { params: { id: request.order_id } }),
    onSuccess: (invoice) => {
      void queryClient.invalidateQueries({
        queryKey: queryPrefixOf(invoicesContract.requests, invoicesContract.list),
      });
      void popup.success(t('requests.issued', { number: invoice.number, order: request.order_id }));
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(invoicesContract.requests) });
      void popup.warning(error);
    },
  });
  return (
    <Button
      size="small"
      loading={issue.isPending}
      aria-label={t('requests.issueFor', { order: request.order_id, company: request.company_name })}
      onClick={async () => {
        const ok = await popup.confirm({
          title: t('requests.confirmTitle'),
          body: t('requests.confirmBody', {
            order: request.order_id,
            company: request.company_name,
            nip: request.tax_number,
            total: formatMoney(request.total, i18n.language),
          }),
          confirmLabel: t('requests.issue'),
        });
        if (ok) issue.mutate();
      }}
    >
      {t('requests.issue')}
    </Button>
  );
}

/** The queue: paid orders whose member asked for a VAT invoice, oldest payment first by default. */
export default function InvoiceRequestsPage() {
  const { t, i18n } = useTranslation('console-invoices');
  const state = useTableUrl(FILTERS, { sort: 'paid_at', dir: 'asc' });
  const [search, setSearch] = useSearchFilter(state, 'search');

  const query = {
    page: state.page,
    sort: oneOf(INVOICE_REQUEST_SORTS, state.sort, 'paid_at'),
    dir: state.dir,
    where: { search: state.filters.search },
  };
  const list = useQuery(pageQueryOf(invoicesContract.requests, { query }));
  const dateTime = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Warsaw',
      }),
    [i18n.language],
  );

  const columns = useMemo<ColumnDef<TInvoiceRequest>[]>(
    () => [
      {
        id: 'order_id',
        header: t('requests.colOrder'),
        meta: t('requests.colOrder'),
        cell: ({ row }) => (
          <Link className={styles.number} to={consoleOrderPath(row.original.order_id)}>
            #{row.original.order_id}
          </Link>
        ),
      },
      {
        id: 'paid_at',
        header: t('requests.colPaid'),
        meta: t('requests.colPaid'),
        cell: ({ row }) => dateTime.format(new Date(row.original.paid_at)),
      },
      {
        id: 'company',
        header: t('requests.colBuyer'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <span className={styles.strong}>{row.original.company_name}</span>
            <span className={styles.muted}>NIP {row.original.tax_number}</span>
          </>
        ),
      },
      {
        id: 'member',
        header: t('requests.colMember'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            {row.original.member_name || '—'}
            {row.original.member_email && <span className={styles.muted}>{row.original.member_email}</span>}
          </>
        ),
      },
      {
        id: 'total',
        header: t('requests.colTotal'),
        meta: t('requests.colTotal'),
        cell: ({ row }) => (
          <span className={styles.number}>{formatMoney(row.original.total, i18n.language)}</span>
        ),
      },
      {
        id: 'actions',
        header: t('requests.colActions'),
        enableSorting: false,
        cell: ({ row }) => <IssueButton request={row.original} />,
      },
    ],
    [t, dateTime, i18n.language],
  );

  return (
    <>
      <ConsolePageHeader title={t('title')} lead={t('requests.lead')} />
      <InvoiceTabs />
      <div className={uiStyles.filters} role="search" aria-label={t('requests.filters')}>
        <TextField
          label={t('requests.search')}
          placeholder={t('requests.searchHint')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ConsoleList
        list={list}
        state={state}
        columns={columns}
        rowKey={(r) => r.order_id}
        labels={{
          caption: t('requests.caption'),
          empty: t('requests.empty'),
        }}
      />
    </>
  );
}
