export {
  closeConsentSettings,
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
export { trackCartAdd } from './track';
