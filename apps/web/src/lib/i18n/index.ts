import { LANGUAGES, type LanguageCode } from '@club/shared/constants';
import { validationMessages } from '@club/shared/i18n/validation';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonEn from './locales/en.json';
import commonPl from './locales/pl.json';

/**
 * Catalogues: `common` (the shell), `validation` (shared with the server) and one namespace per
 * feature, found at build time in features/<name>/locales/<lang>.json.
 */
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../features/*/locales/*.json',
  {
    eager: true,
  },
);

const resources: Record<string, Record<string, Record<string, unknown>>> = {
  pl: { common: commonPl, validation: validationMessages.pl },
  en: { common: commonEn, validation: validationMessages.en },
};
for (const [file, module] of Object.entries(featureFiles)) {
  const match = /features\/([^/]+)\/locales\/(\w+)\.json$/.exec(file);
  if (!match) continue;
  const [, feature, lang] = match as unknown as [string, string, string];
  resources[lang] ??= {};
  resources[lang][feature] = module.default;
}

export const STORED_LANGUAGE_KEY = 'club.language';

export function initialLanguage(): LanguageCode {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORED_LANGUAGE_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as LanguageCode) : 'pl';
}

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'pl',
  defaultNS: 'common',
  ns: Object.keys(resources.pl ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

export function setLanguage(lang: LanguageCode): void {
  localStorage.setItem(STORED_LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18next.changeLanguage(lang);
}
document.documentElement.lang = i18next.language;

export { i18next };
