import { type ConsentFlag, consentText } from '@club/shared/consents';
import { useTranslation } from 'react-i18next';

/** The one wording of a consent flag (packages/shared/src/consents.ts) in the screen's language. */
export function useConsentText(): (flag: ConsentFlag | 'marketing') => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'pl';
  return (flag) => consentText(lang, flag);
}
