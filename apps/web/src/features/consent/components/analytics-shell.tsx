import { useAnalyticsSettings, useOrderCompletedTracking, usePageViewTracking } from '../../../lib/analytics';
import { ConsentBanner } from './consent-banner';

/**
 * Mounted once in the router's root (public and signed-in pages alike): loads the tracker settings,
 * counts page views on route changes, reports the order completed on /home?after_payment, and asks
 * for consent when a tracker is configured.
 */
export function AnalyticsShell() {
  const { enabled } = useAnalyticsSettings();
  usePageViewTracking();
  useOrderCompletedTracking();
  return enabled ? <ConsentBanner /> : null;
}
