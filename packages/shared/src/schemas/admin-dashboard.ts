import { z } from 'zod';

/**
 * The console's sales dashboard (issue 17, docs/console-sales.md "Dashboard"): how many club weeks
 * (Monday to Sunday, Europe/Warsaw) the sales chart covers, this week included.
 */
export const DASHBOARD_WEEKS_MIN = 4;
export const DASHBOARD_WEEKS_MAX = 52;
export const DASHBOARD_WEEKS_DEFAULT = 12;

export const ZDashboardQuery = z.object({
  weeks: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'validation.wrongValue' })
      .int({ error: 'validation.wrongValue' })
      .min(DASHBOARD_WEEKS_MIN, { error: 'validation.min' })
      .max(DASHBOARD_WEEKS_MAX, { error: 'validation.max' })
      .default(DASHBOARD_WEEKS_DEFAULT),
  ),
});
export type TDashboardQuery = z.input<typeof ZDashboardQuery>;
