/** The web analytics tracker's settings, read by the app at run time (the CSP forbids an inline config). */
import { z } from 'zod';
import { defineEndpoint, object, ok } from './define';

/** What the browser needs to load the tracker; `null`s when analytics is off (nothing is loaded). */
export const ZAnalyticsSettings = object({
  matomo_url: z.string().nullable(),
  site_id: z.number().int().nullable(),
});
export type TAnalyticsSettings = z.output<typeof ZAnalyticsSettings>;

export const analyticsContract = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/settings/analytics',
    summary:
      "The tracker's address and site id, or nulls when analytics is off (public: the sign-in page asks too)",
    access: 'public',
    responses: { 200: ok(ZAnalyticsSettings) },
  }),
};
