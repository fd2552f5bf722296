export {
  closeConsentSettings,
  type ConsentChoice,
  getConsent,
  openConsentSettings,
  setConsent,
  useConsentState,
} from './consent';
export {
  useAnalyticsSettings,
  useOrderCompletedTracking,
  usePageViewTracking,
  useTrackCartVisit,
  useTrackCategoryVisit,
  useTrackProductView,
} from './hooks';
export {
  type ProductLike,
  trackCartAdd,
  trackCartVisit,
  trackCategoryVisit,
  trackOrderCompleted,
  trackPageView,
  trackProductView,
} from './track';
