import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/** What the browser needs to load the tracker; `null`s when analytics is off (nothing is loaded). */
export type TAnalyticsSettings = { matomo_url: string | null; site_id: number | null };

export function analyticsSettings(config: Pick<Config, 'MATOMO_URL' | 'MATOMO_SITE_ID'>): TAnalyticsSettings {
  if (!config.MATOMO_URL || !config.MATOMO_SITE_ID) return { matomo_url: null, site_id: null };
  // The tracker is addressed as `${matomo_url}/matomo.js`: no trailing slash.
  return { matomo_url: config.MATOMO_URL.replace(/\/+$/, ''), site_id: config.MATOMO_SITE_ID };
}

/**
 * The tracker's settings, read by the app at run time (the CSP forbids an inline config script).
 * Public: the consent banner also appears on the sign-in page.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = analyticsSettings(app.config);
  app.get('/settings/analytics', { config: { access: 'public' } }, async () => ({
    success: true as const,
    data: settings,
  }));
};
