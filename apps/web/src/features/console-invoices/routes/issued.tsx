import {
  formatMoney,
  INVOICE_KINDS,
  INVOICE_SORTS,
  type TCorrectInvoice,
  type TInvoiceSummary,
  ZCorrectInvoice,
} from '@club/shared';
import { invoicesContract } from '@club/shared/contract/invoices';
import { ksefContract } from '@club/shared/contract/ksef';
import { pathWith } from '@club/shared/contract/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConsoleList } from '../../../components/console/console-list';
import { ConsolePageHeader } from '../../../components/console/page-header';
import uiStyles from '../../../components/console/console-ui.module.css';
import { oneOf, useSearchFilter, useTableUrl } from '../../../components/console/use-table-url';
import {
  Badge,
  Button,
  Dialog,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { API_BASE } from '../../../lib/api-client';
import { fetchData, queryKeyOf, pageQueryOf } from '../../../lib/endpoint';
import { InvoiceTabs } from '../components/invoice-tabs';
import { KsefStatus } from '../components/ksef-status';
import { ResendDialog } from '../components/resend-dialog';
import styles from '../components/invoices.module.css';
import { ChoiceFilter, DateFilter } from '../../../components/console/filter-fields';
import { Link } from 'react-router';
import { consoleOrderPath, KSEF_FOLLOW_MS } from '../../../config/console';

const FILTERS = ['search', 'kind', 'from', 'to'] as const;

const pdfUrl = (id: number) => `${API_BASE}${pathWith(invoicesContract.pdf.path, { id })}`;
const xmlUrl = (id: number) => `${API_BASE}${pathWith(ksefContract.xml.path, { id })}`;
const upoUrl = (id: number) => `${API_BASE}${pathWith(ksefContract.upo.path, { id })}`;

/** A file of the invoice to download (PDF, KSeF XML, UPO), named for screen readers. */
function FileLink({ href, label, children }: { href: string; label: string; children: string }) {
  return (
    <a className={styles.link} href={href} download aria-label={label}>
      {children}
    </a>
  );
}

/** A correcting invoice for part or all of an invoice (what the refund action will also call). */
function CorrectDialog({ invoice, onClose }: { invoice: TInvoiceSummary | null; onClose: () => void }) {
  const { t } = useTranslation('console-invoices');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const queryClient = useQueryClient();
  const form = useForm<TCorrectInvoice>({
    resolver: zodResolver(ZCorrectInvoice),
    defaultValues: { amount: undefined as unknown as number, reason: '' },
  });
  const correct = useMutation({
    mutationFn: (body: TCorrectInvoice) =>
      fetchData(invoicesContract.correct, { params: { id: invoice!.order_id }, body }),
  });
  const failed = useSaveFailure(form);
  const e = form.formState.errors;
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          onClose();
        }
      }}
      title={t('issued.correctTitle', { number: invoice?.number ?? '' })}
      description={t('issued.correctLead')}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(async (body) => {
          const ok = await popup.confirm({
            body: t('issued.confirmCorrect', { number: invoice!.number, amount: body.amount.toFixed(2) }),
            confirmLabel: t('issued.correct'),
          });
          if (!ok) return;
          correct.mutate(body, {
            onSuccess: (made) => {
              form.reset();
              onClose();
              void queryClient.invalidateQueries({ queryKey: queryKeyOf(invoicesContract.list) });
              void popup.success(t('issued.corrected', { number: made.number }));
            },
            onError: failed,
          });
        })}
      >
        <TextField
          label={t('issued.amount')}
          inputMode="decimal"
          required
          error={errorText(e.amount)}
          {...form.register('amount', {
            setValueAs: (v: string) => (v === '' ? undefined : Number(String(v).replace(',', '.'))),
          })}
        />
        <TextField label={t('issued.reason')} error={errorText(e.reason)} {...form.register('reason')} />
        <Button type="submit" block loading={correct.isPending}>
          {t('issued.correct')}
        </Button>
      </form>
    </Dialog>
  );
}

/** The issued invoices and correcting invoices, newest first, each with its PDF. */
export default function IssuedInvoicesPage() {
  const { t, i18n } = useTranslation('console-invoices');
  const state = useTableUrl(FILTERS, { sort: 'issue_date', dir: 'desc' });
  const [search, setSearch] = useSearchFilter(state, 'search');
  const [correcting, setCorrecting] = useState<TInvoiceSummary | null>(null);
  const [resending, setResending] = useState<TInvoiceSummary | null>(null);

  const query = {
    page: state.page,
    sort: oneOf(INVOICE_SORTS, state.sort, 'issue_date'),
    dir: state.dir,
    where: {
      search: state.filters.search,
      kind: oneOf(INVOICE_KINDS, state.filters.kind, undefined),
      from: state.filters.from,
      to: state.filters.to,
    },
  };
  const list = useQuery({
    ...pageQueryOf(invoicesContract.list, { query }),
    retry: false,
    // While an invoice on the page waits for KSeF, the page follows it (the outbox sends it in the
    // background): accepted with its number, or KSeF's refusal, without a reload.
    refetchInterval: (q) =>
      q.state.data?.data.some((i) => i.ksef?.state === 'WAITING' || i.ksef?.state === 'OFFLINE')
        ? KSEF_FOLLOW_MS
        : false,
  });
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', { timeZone: 'UTC' }),
    [i18n.language],
  );

  const columns = useMemo<ColumnDef<TInvoiceSummary>[]>(
    () => [
      {
        id: 'number',
        header: t('issued.colNumber'),
        meta: t('issued.colNumber'),
        cell: ({ row }) => (
          // The kind under the number, not a column of its own: the row keeps its actions in view
          // at 1280 px (the KSeF number is wide).
          <>
            <span className={`${styles.strong} ${styles.number}`}>{row.original.number}</span>
            <span className={styles.kind}>
              <Badge tone={row.original.kind === 'INVOICE' ? 'success' : 'gold'}>
                {t(`kinds.${row.original.kind}`)}
              </Badge>
            </span>
            {row.original.corrects_number && (
              <span className={styles.muted}>
                {t('issued.corrects', { number: row.original.corrects_number })}
              </span>
            )}
          </>
        ),
      },
      {
        id: 'issue_date',
        header: t('issued.colIssued'),
        meta: t('issued.colIssued'),
        cell: ({ row }) => date.format(new Date(`${row.original.issue_date}T00:00:00Z`)),
      },
      {
        id: 'buyer',
        header: t('issued.colBuyer'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <span className={styles.strong}>{row.original.buyer_name}</span>
            <span className={styles.muted}>
              NIP {row.original.buyer_tax_number} ·{' '}
              <Link to={consoleOrderPath(row.original.order_id)}>#{row.original.order_id}</Link>
            </span>
          </>
        ),
      },
      {
        id: 'gross',
        header: t('issued.colGross'),
        meta: t('issued.colGross'),
        cell: ({ row }) => (
          <span className={styles.number}>
            {row.original.kind === 'CORRECTION' ? '−' : ''}
            {formatMoney(row.original.gross, i18n.language)}
          </span>
        ),
      },
      {
        id: 'ksef',
        header: t('ksef.column'),
        enableSorting: false,
        cell: ({ row }) => <KsefStatus invoice={row.original} />,
      },
      {
        id: 'actions',
        header: t('issued.colActions'),
        enableSorting: false,
        cell: ({ row }) => (
          <div className={styles.actions}>
            <FileLink
              href={pdfUrl(row.original.id)}
              label={t('issued.pdfFor', { number: row.original.number })}
            >
              PDF
            </FileLink>
            {row.original.ksef?.xml && (
              <FileLink
                href={xmlUrl(row.original.id)}
                label={t('ksef.xmlFor', { number: row.original.number })}
              >
                XML
              </FileLink>
            )}
            {row.original.ksef?.state === 'ACCEPTED' && (
              <FileLink
                href={upoUrl(row.original.id)}
                label={t('ksef.upoFor', { number: row.original.number })}
              >
                UPO
              </FileLink>
            )}
            {row.original.ksef?.state === 'REJECTED' && (
              <Button
                size="small"
                variant="ghost"
                aria-label={t('ksef.resendFor', { number: row.original.number })}
                onClick={() => setResending(row.original)}
              >
                {t('ksef.resend')}
              </Button>
            )}
            {row.original.kind === 'INVOICE' && (
              <Button
                size="small"
                variant="ghost"
                aria-label={t('issued.correctFor', { number: row.original.number })}
                onClick={() => setCorrecting(row.original)}
              >
                {t('issued.correct')}
              </Button>
            )}
          </div>
        ),
      },
    ],
    [t, date, i18n.language],
  );

  return (
    <>
      <ConsolePageHeader title={t('title')} lead={t('issued.lead')} />
      <InvoiceTabs />
      <CorrectDialog invoice={correcting} onClose={() => setCorrecting(null)} />
      <ResendDialog invoice={resending} onClose={() => setResending(null)} />
      <div className={uiStyles.filters} role="search" aria-label={t('issued.filters')}>
        <TextField
          label={t('issued.search')}
          placeholder={t('issued.searchHint')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <ChoiceFilter
          state={state}
          name="kind"
          label={t('issued.colKind')}
          any={t('issued.any')}
          choices={INVOICE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        <DateFilter state={state} name="from" label={t('issued.from')} />
        <DateFilter state={state} name="to" label={t('issued.to')} />
      </div>
      <ConsoleList
        list={list}
        state={state}
        columns={columns}
        rowKey={(r) => r.id}
        labels={{
          caption: t('issued.caption'),
          empty: t('issued.empty'),
        }}
      />
    </>
  );
}
