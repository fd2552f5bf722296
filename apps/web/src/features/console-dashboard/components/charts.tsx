import type {
  TDashboardExperience,
  TDashboardSeats,
  TDashboardWeek,
} from '@club/shared/contract/admin-dashboard';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Formats } from './format';
import styles from './dashboard.module.css';

/**
 * The dashboard's charts (Recharts, only in the console's lazy chunk). Each one is a picture with a
 * summary (role img + aria-label): its figures are the table beside it, for a screen reader and for
 * anyone who wants the numbers, so the chart's own keyboard layer is off.
 */
const GOLD = 'var(--color-gold)';
const INFO = 'var(--color-info)';
const MUTED = '#b3ada3';
const GRID = '#2e2e33';
const tooltipStyle = {
  background: 'var(--color-surface-2)',
  border: '1px solid var(--color-border-strong)',
  borderRadius: 8,
  color: 'var(--color-text)',
};
/** Every axis's look: muted small figures on a line the colour of the grid. */
const axisLook = { tick: { fill: MUTED, fontSize: 11 }, stroke: GRID };

export function WeekChart({
  weeks,
  f,
  label,
  names,
}: {
  weeks: TDashboardWeek[];
  f: Formats;
  label: string;
  names: { amount: string; orders: string };
}) {
  return (
    <div className={styles.chart} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={weeks}
          margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="week_start" tickFormatter={f.weekTick} {...axisLook} minTickGap={12} />
          <YAxis
            yAxisId="amount"
            tickFormatter={f.moneyTick}
            {...axisLook}
            width={84}
            allowDecimals={false}
          />
          <YAxis yAxisId="orders" orientation="right" {...axisLook} width={32} allowDecimals={false} />
          <Tooltip
            contentStyle={tooltipStyle}
            labelFormatter={(w) => f.week(String(w))}
            formatter={(value, name) =>
              name === names.amount ? f.money(Number(value)) : f.count(Number(value))
            }
            cursor={{ fill: 'rgb(201 169 110 / 0.08)' }}
          />
          <Bar
            yAxisId="amount"
            dataKey="amount"
            name={names.amount}
            fill={GOLD}
            radius={[3, 3, 0, 0]}
            maxBarSize={36}
            isAnimationActive={false}
          />
          <Line
            yAxisId="orders"
            dataKey="orders"
            name={names.orders}
            stroke={INFO}
            strokeWidth={2}
            dot={{ r: 2.5, fill: INFO }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export function ExperienceChart({
  experiences,
  f,
  label,
  name,
  amountName,
}: {
  experiences: TDashboardExperience[];
  f: Formats;
  label: string;
  name: (e: TDashboardExperience) => string;
  amountName: string;
}) {
  const data = experiences.map((e) => ({ ...e, label: name(e) }));
  return (
    <div
      className={styles.chart}
      role="img"
      aria-label={label}
      style={{ height: Math.max(160, 44 * data.length + 40) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 0, right: 12, bottom: 0, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={GRID} horizontal={false} />
          <XAxis type="number" tickFormatter={f.moneyTick} {...axisLook} />
          <YAxis
            type="category"
            dataKey="label"
            {...axisLook}
            width={120}
            tickFormatter={(v: string) => (v.length > 18 ? `${v.slice(0, 17)}…` : v)}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(value) => f.money(Number(value))}
            cursor={{ fill: 'rgb(201 169 110 / 0.08)' }}
          />
          <Bar
            dataKey="amount"
            name={amountName}
            fill={GOLD}
            radius={[0, 3, 3, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Stacked bars of each experience's seats: sold, held by unpaid orders, free (of its capacity). */
export function SeatBars({
  rows,
  f,
  label,
  name,
  filled,
}: {
  rows: TDashboardSeats[];
  f: Formats;
  label: string;
  name: (row: TDashboardSeats) => string;
  filled: (percent: string) => string;
}) {
  return (
    <div className={styles.seatBars} role="img" aria-label={label}>
      {rows.map((row) => {
        const total = row.capacity ?? Math.max(1, row.sold + row.held);
        const share = (n: number) => `${Math.min(100, (n / Math.max(1, total)) * 100)}%`;
        return (
          <div key={row.product_id} className={styles.seatRow}>
            <div className={styles.seatHead}>
              <span className={styles.seatName}>{name(row)}</span>
              <span className={styles.seatFigure}>
                {row.capacity === null
                  ? `${f.count(row.sold + row.held)}`
                  : filled(f.percent((row.sold + row.held) / Math.max(1, row.capacity)))}
              </span>
            </div>
            <div className={styles.track}>
              <span className={styles.sold} style={{ width: share(row.sold) }} />
              <span className={styles.held} style={{ width: share(row.held) }} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
