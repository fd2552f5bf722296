import type { TAccountingSummary } from '@club/shared/contract/admin-accounting';
import { formatMoney } from '@club/shared/money';
import { ACCOUNTING_DATASETS, type TAccountingRange } from '@club/shared/schemas/admin-accounting';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Button,
  buttonClass,
  DataLoadError,
  EmptyState,
  KpiTile,
  KpiTiles,
  Spinner,
  TextField,
} from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { CLUB_TIME_ZONE } from '../../../lib/club-time';
import { accountingFiles, useAccountingSummary } from '../api/accounting';
import styles from '../components/accounting.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The club's today (Europe/Warsaw) as YYYY-MM-DD. */
const clubToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE }).format(new Date());
/** The first and the last day of the month `shift` months from the one of `day`. */
function monthOf(day: string, shift = 0): TAccountingRange {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + shift, 1));
  const last = new Date(Date.UTC(y, m + shift, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The range in the address (`?from=…&to=…`), this month when none: a reload shows the same figures. */
function useRange() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = DAY.test(from) && DAY.test(to) ? { from, to } : monthOf(clubToday());
  const setRange = (next: TAccountingRange) => setParams(new URLSearchParams(next), { replace: true });
  return [range, setRange] as const;
}

/**
 * For the accountant (issue 30, docs/invoices.md "Exports for the accountant"): a month or any range,
 * its figures, and the files: one XLSX workbook, a CSV per kind for Excel, the invoices' XMLs as a ZIP.
 */
export default function AccountingPage() {
  const { t } = useTranslation('console-accounting');
  const [range, setRange] = useRange();
  const summary = useAccountingSummary(range);
  const invalid = summary.error instanceof ApiError && summary.error.status === 422 ? summary.error : null;
  const today = clubToday();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') };
    // "Show" for the period already shown brings its figures up to date (sales go on meanwhile).
    if (next.from === range.from && next.to === range.to) void summary.refetch();
    else setRange(next);
  };

  return (
    <>
      <ConsolePageHeader title={t('title')} lead={t('lead')} />
      <section className={styles.panel} aria-labelledby="accounting-range">
        <h2 id="accounting-range" className={styles.panelTitle}>
          {t('range.title')}
        </h2>
        <div className={styles.quick}>
          <Button variant="secondary" size="small" onClick={() => setRange(monthOf(today))}>
            {t('range.thisMonth')}
          </Button>
          <Button variant="secondary" size="small" onClick={() => setRange(monthOf(today, -1))}>
            {t('range.lastMonth')}
          </Button>
        </div>
        {/* Keyed by the range: the fields show the range in force after a quick choice. */}
        <form key={`${range.from}/${range.to}`} className={styles.range} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('range.from')}
            name="from"
            type="date"
            required
            defaultValue={range.from}
            error={invalid?.errors.from?.[0]}
          />
          <TextField
            label={t('range.to')}
            name="to"
            type="date"
            required
            defaultValue={range.to}
            error={invalid?.errors.to?.[0]}
          />
          <Button type="submit">{t('range.show')}</Button>
        </form>
      </section>
      {invalid ? null : summary.isError ? (
        <DataLoadError onRetry={() => void summary.refetch()} />
      ) : !summary.data ? (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      ) : (
        <Figures data={summary.data} />
      )}
    </>
  );
}

const isEmpty = (s: TAccountingSummary) =>
  s.orders === 0 &&
  s.payments.count === 0 &&
  s.refunds.count === 0 &&
  s.invoices.count + s.invoices.corrections === 0;

function Figures({ data }: { data: TAccountingSummary }) {
  const { t, i18n } = useTranslation('console-accounting');
  const money = (v: number) => formatMoney(v, i18n.language);
  const day = (d: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${d}T12:00:00Z`));
  const range = { from: data.from, to: data.to };
  const period = t('period', { from: day(data.from), to: day(data.to) });
  if (isEmpty(data))
    return (
      <EmptyState>
        <p>{t('empty', { period })}</p>
      </EmptyState>
    );
  return (
    <>
      <p className={styles.period}>{period}</p>
      <KpiTiles label={t('figures')} className={styles.tiles}>
        <KpiTile
          headingLevel={3}
          title={t('tile.sales')}
          value={money(data.sales.amount)}
          detail={t('orders', { count: data.sales.count })}
        />
        <KpiTile
          headingLevel={3}
          title={t('tile.payments')}
          value={money(data.payments.amount)}
          detail={t('payments', { count: data.payments.count })}
        />
        <KpiTile
          headingLevel={3}
          title={t('tile.refunds')}
          value={money(data.refunds.amount)}
          detail={t('refunds', { count: data.refunds.count })}
        />
        <KpiTile
          headingLevel={3}
          title={t('tile.invoices')}
          value={money(data.invoices.gross)}
          detail={t('invoices', { count: data.invoices.count, corrections: data.invoices.corrections })}
        />
      </KpiTiles>
      <p className={styles.note}>{t('salesNote', { count: data.orders })}</p>
      {data.invoices.rates.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{t('vat.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('vat.rate')}</th>
                <th scope="col">{t('vat.net')}</th>
                <th scope="col">{t('vat.vat')}</th>
                <th scope="col">{t('vat.gross')}</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.rates.map((r) => (
                <tr key={r.rate}>
                  <th scope="row">{`${r.rate}%`}</th>
                  <td>{money(r.net)}</td>
                  <td>{money(r.vat)}</td>
                  <td>{money(r.gross)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('vat.total')}</th>
                <td>{money(data.invoices.net)}</td>
                <td>{money(data.invoices.vat)}</td>
                <td>{money(data.invoices.gross)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <section className={styles.panel} aria-labelledby="accounting-files">
        <h2 id="accounting-files" className={styles.panelTitle}>
          {t('files.title')}
        </h2>
        <p className={styles.note}>{t('files.lead')}</p>
        <div className={styles.files}>
          <a className={buttonClass('primary')} href={accountingFiles.xlsx(range)} download>
            {t('files.xlsx')}
          </a>
          {ACCOUNTING_DATASETS.map((dataset) => (
            <a
              key={dataset}
              className={buttonClass('secondary')}
              href={accountingFiles.csv(dataset, range)}
              download
            >
              {t(`files.csv.${dataset}`)}
            </a>
          ))}
          <a className={buttonClass('secondary')} href={accountingFiles.zip(range)} download>
            {t('files.zip', { count: data.xml_files })}
          </a>
        </div>
        <p className={styles.note}>{t('files.csvNote')}</p>
      </section>
    </>
  );
}
