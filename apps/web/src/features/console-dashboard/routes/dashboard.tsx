import { ORDER_STATUS } from '@club/shared/constants';
import type { TDashboard } from '@club/shared/contract/admin-dashboard';
import {
  DASHBOARD_WEEKS_DEFAULT,
  DASHBOARD_WEEKS_MAX,
  DASHBOARD_WEEKS_MIN,
} from '@club/shared/schemas/admin-dashboard';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/use-address-params';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { DataLoadError, EmptyState, KpiTile, KpiTiles, SelectField, Spinner } from '../../../components/ui';
import { consolePaths } from '../../../config/console';
import { useDashboard } from '../api/dashboard';
import { ExperienceChart, SeatBars, WeekChart } from '../components/charts';
import styles from '../components/dashboard.module.css';
import { type Formats, formatsFor } from '../components/format';

const WEEK_CHOICES = [4, 8, 12, 26, 52] as const;

/** The period in the address (`?weeks=26`), so a reload or a shared link shows the same dashboard. */
function useWeeks() {
  const [params, setParams] = useAddressParams();
  const raw = Number(params.get('weeks'));
  const weeks =
    Number.isInteger(raw) && raw >= DASHBOARD_WEEKS_MIN && raw <= DASHBOARD_WEEKS_MAX
      ? raw
      : DASHBOARD_WEEKS_DEFAULT;
  const setWeeks = (next: number) =>
    setParams(
      (copy) => {
        if (next === DASHBOARD_WEEKS_DEFAULT) copy.delete('weeks');
        else copy.set('weeks', String(next));
      },
      { replace: true },
    );
  return [weeks, setWeeks] as const;
}

/** The sales dashboard: KPI tiles, then each chart with its figures as a table beside it. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('console-dashboard');
  const [weeks, setWeeks] = useWeeks();
  const dashboard = useDashboard(weeks);
  const f = useMemo(() => formatsFor(i18n.language), [i18n.language]);
  const choices = [...new Set<number>([...WEEK_CHOICES, weeks])].sort((a, b) => a - b);
  return (
    <>
      <ConsolePageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          <div className={styles.period}>
            <SelectField
              label={t('period')}
              name="weeks"
              value={weeks}
              onChange={(event) => setWeeks(Number(event.currentTarget.value))}
            >
              {choices.map((n) => (
                <option key={n} value={n}>
                  {t('weeksOption', { count: n })}
                </option>
              ))}
            </SelectField>
          </div>
        }
      />
      {dashboard.isError ? (
        <DataLoadError onRetry={() => void dashboard.refetch()} />
      ) : !dashboard.data ? (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      ) : (
        <div aria-busy={dashboard.isFetching && dashboard.isPlaceholderData ? true : undefined}>
          <Figures data={dashboard.data} f={f} />
        </div>
      )}
    </>
  );
}

function Figures({ data, f }: { data: TDashboard; f: Formats }) {
  const { t, i18n } = useTranslation('console-dashboard');
  const en = i18n.language === 'en';
  const nameOf = (e: { name_pl: string; name_en: string }) => (en ? e.name_en : e.name_pl);
  const thisWeek = data.weeks.at(-1)!;
  const period = data.weeks.length;
  return (
    <div className={styles.dashboard}>
      <p className={styles.asOf}>{t('asOf', { date: f.date(data.today) })}</p>
      <KpiTiles label={t('kpi.label')}>
        <KpiTile
          title={t('kpi.thisWeek')}
          value={f.money(thisWeek.amount)}
          detail={t('orders', { count: thisWeek.orders })}
        />
        <KpiTile
          title={t('kpi.period', { count: period })}
          value={f.money(data.totals.amount)}
          detail={t('orders', { count: data.totals.orders })}
        />
        <KpiTile
          title={t('kpi.waiting')}
          value={t('orders', { count: data.waiting_payment.orders })}
          detail={f.money(data.waiting_payment.amount)}
          link={{
            to: `${consolePaths.orders}?status=${ORDER_STATUS.WAITING_PAYMENT}`,
            label: t('kpi.waitingLink'),
          }}
          tone={data.waiting_payment.orders > 0 ? 'warning' : undefined}
        />
        <KpiTile
          title={t('kpi.invoices')}
          value={t('kpi.invoicesValue', { count: data.invoice_requests.orders })}
          link={{ to: consolePaths.invoices, label: t('kpi.invoicesLink') }}
          tone={data.invoice_requests.orders > 0 ? 'warning' : undefined}
        />
      </KpiTiles>

      <Panel id="dashboard-weeks" title={t('weeks.title')}>
        {data.totals.orders === 0 ? <EmptyState>{t('weeks.empty')}</EmptyState> : null}
        <div className={`${styles.split} ${styles.beside}`}>
          {data.totals.orders > 0 && (
            <WeekChart
              weeks={data.weeks}
              f={f}
              label={t('weeks.chart', {
                count: period,
                amount: f.money(data.totals.amount),
                orders: t('orders', { count: data.totals.orders }),
              })}
              names={{ amount: t('weeks.amount'), orders: t('weeks.ordersSeries') }}
            />
          )}
          <FiguresTable
            caption={t('weeks.caption')}
            columns={[t('weeks.colWeek'), t('weeks.colOrders'), t('weeks.colAmount')]}
            rows={[...data.weeks].reverse().map((w) => ({
              key: w.week_start,
              quiet: w.orders === 0,
              name: f.week(w.week_start),
              values: [f.count(w.orders), f.money(w.amount)],
            }))}
            total={{
              name: t('weeks.total'),
              values: [f.count(data.totals.orders), f.money(data.totals.amount)],
            }}
          />
        </div>
      </Panel>

      <Panel id="dashboard-experiences" title={t('experiences.title')} note={t('experiences.note')}>
        {data.experiences.length === 0 ? (
          <EmptyState>{t('experiences.empty')}</EmptyState>
        ) : (
          <div className={styles.split}>
            <ExperienceChart
              experiences={data.experiences}
              f={f}
              name={nameOf}
              amountName={t('experiences.colAmount')}
              label={t('experiences.chart', {
                count: data.experiences.length,
                first: nameOf(data.experiences[0]!),
                amount: f.money(data.experiences[0]!.amount),
              })}
            />
            <FiguresTable
              caption={t('experiences.caption')}
              columns={[
                t('experiences.colExperience'),
                t('experiences.colOrders'),
                t('experiences.colSeats'),
                t('experiences.colAmount'),
              ]}
              rows={data.experiences.map((e) => ({
                key: `${e.product_id}-${e.name_pl}`,
                name: nameOf(e),
                sub: e.start_date ? f.date(e.start_date) : undefined,
                values: [f.count(e.orders), f.count(e.seats), f.money(e.amount)],
              }))}
            />
          </div>
        )}
      </Panel>

      <Panel id="dashboard-seats" title={t('seats.title')} note={t('seats.note')}>
        {data.seats.length === 0 ? (
          <EmptyState>{t('seats.empty')}</EmptyState>
        ) : (
          <div className={styles.split}>
            <div>
              <SeatBars
                rows={data.seats}
                f={f}
                name={nameOf}
                label={t('seats.chart', { count: data.seats.length })}
                filled={(percent) => t('seats.filled', { percent })}
              />
              <p className={styles.legend} aria-hidden="true">
                <span className={styles.legendSold}>{t('seats.sold')}</span>
                <span className={styles.legendHeld}>{t('seats.held')}</span>
                <span className={styles.legendFree}>{t('seats.free')}</span>
              </p>
            </div>
            <FiguresTable
              caption={t('seats.caption')}
              columns={[
                t('seats.colExperience'),
                t('seats.sold'),
                t('seats.held'),
                t('seats.free'),
                t('seats.capacity'),
              ]}
              rows={data.seats.map((row) => ({
                key: String(row.product_id),
                name: nameOf(row),
                sub: f.date(row.start_date),
                values: [
                  f.count(row.sold),
                  f.count(row.held),
                  row.free === null ? '—' : f.count(row.free),
                  row.capacity === null ? t('seats.noCap') : f.count(row.capacity),
                ],
              }))}
            />
          </div>
        )}
      </Panel>

      <Panel id="dashboard-attendance" title={t('attendance.title')} note={t('attendance.note')}>
        {data.attendance.length === 0 ? (
          <EmptyState>{t('attendance.empty')}</EmptyState>
        ) : (
          <FiguresTable
            caption={t('attendance.caption')}
            columns={[
              t('attendance.colExperience'),
              t('attendance.colCame'),
              t('attendance.colNoShow'),
              t('attendance.colRate'),
            ]}
            rows={data.attendance.map((row) => ({
              key: String(row.product_id),
              name: nameOf(row),
              sub: f.date(row.start_date),
              values: [
                f.count(row.came),
                f.count(row.no_show),
                row.expected === 0 ? '—' : f.percent(Math.min(row.came, row.expected) / row.expected),
              ],
            }))}
          />
        )}
      </Panel>
    </div>
  );
}

type FiguresRow = { key: string; name: string; sub?: string; quiet?: boolean; values: string[] };

/**
 * A chart's figures as a table: the first column names each row (a row header, with an optional
 * second line), the others are numbers; an optional total row at the foot. Its frame scrolls on a
 * narrow screen, so it takes the keyboard's focus to be scrolled.
 */
function FiguresTable({
  caption,
  columns,
  rows,
  total,
}: {
  caption: string;
  columns: string[];
  rows: FiguresRow[];
  total?: { name: string; values: string[] };
}) {
  const [first, ...numbers] = columns;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div className={styles.figures} role="group" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {numbers.map((column) => (
              <th key={column} scope="col" className={styles.num}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.quiet ? styles.quiet : undefined}>
              <th scope="row" className={row.sub === undefined ? undefined : styles.nameCell}>
                {row.sub === undefined ? (
                  row.name
                ) : (
                  <>
                    <span className={styles.name}>{row.name}</span>
                    <span className={styles.sub}>{row.sub}</span>
                  </>
                )}
              </th>
              {row.values.map((value, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in order
                <td key={i} className={styles.num}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr>
              <th scope="row">{total.name}</th>
              {total.values.map((value, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in order
                <td key={i} className={styles.num}>
                  {value}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Panel({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <header className={styles.panelHead}>
        <h2 id={id} className={styles.panelTitle}>
          {title}
        </h2>
        {note && <p className={styles.panelNote}>{note}</p>}
      </header>
      {children}
    </section>
  );
}
