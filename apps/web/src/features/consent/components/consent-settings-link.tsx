import { useTranslation } from 'react-i18next';
import { openConsentSettings, useAnalyticsSettings } from '../../../lib/analytics';

/** The footer's "Cookie settings": reopens the banner to change the choice (when analytics exists). */
export function ConsentSettingsLink() {
  const { t } = useTranslation('consent');
  const { enabled } = useAnalyticsSettings();
  if (!enabled) return null;
  return (
    <li>
      <button type="button" onClick={openConsentSettings}>
        {t('footer.settings')}
      </button>
    </li>
  );
}
