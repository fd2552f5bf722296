import { analyticsContract, type TAnalyticsSettings } from '@club/shared/contract/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { routeOf } from '../../lib/contract';

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
  app.route({
    ...routeOf(analyticsContract.settings),
    handler: async () => ({ success: true as const, data: settings }),
  });
};
