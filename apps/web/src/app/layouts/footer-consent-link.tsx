import { ConsentSettingsLink } from '../../features/consent/components/consent-settings-link';

/** The footer's "Cookie settings" / "Ustawienia cookies": reopens the consent banner. */
export function FooterConsentLink() {
  return <ConsentSettingsLink />;
}
