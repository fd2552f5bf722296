import { LANGUAGES, type LanguageCode } from '@club/shared/constants';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Catalogues: `common` (the shell), `validation` (shared with the server) and one namespace per
 * feature, in features/<name>/locales/<lang>.json. Each is its own small chunk, fetched for the active
 * language only: the shell's namespaces before the first render (in parallel with the session call,
 * see main.tsx), a feature's namespace with its route's chunk (app/feature-routes.ts).
 */
type Catalogue = Record<string, unknown>;
const commonFiles = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });
// The console's features (features/console*) are left out: their texts load with the console's own
// chunk (app/console/console-texts.ts), so members' JavaScript does not even carry their file names.
const featureFiles = import.meta.glob<Catalogue>(
  ['../../features/*/locales/*.json', '!../../features/console*/locales/*.json'],
  { import: 'default' },
);

const loaders = new Map<string, () => Promise<Catalogue>>();
for (const [file, load] of Object.entries({ ...commonFiles, ...featureFiles })) {
  const match = /(?:features\/([^/]+)\/)?locales\/(\w+)\.json$/.exec(file);
  if (match) loaders.set(`${match[2]}/${match[1] ?? 'common'}`, load);
}
for (const lang of LANGUAGES) {
  loaders.set(`${lang}/validation`, async () => {
    const { validationMessages } = await import('@club/shared/i18n/validation');
    return validationMessages[lang];
  });
}

/** True if features/<name>/locales holds catalogues: its routes load the namespace with their chunk. */
export const hasCatalogue = (namespace: string): boolean => loaders.has(`pl/${namespace}`);

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders.get(`${language}/${namespace}`);
    // A namespace added in code (addResourceBundle) has no file: nothing to fetch.
    if (!load) return callback(null, {});
    load().then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (error: Error) => callback(error, null),
    );
  },
};

/** Namespaces of the shell (menus, footer, forms' messages, cookie settings): loaded before the first render. */
const SHELL_NAMESPACES = ['common', 'validation', 'consent'];

export const STORED_LANGUAGE_KEY = 'club.language';

export function initialLanguage(): LanguageCode {
  // A link that names its language (`?lang=en`, as the footer's cookies policy link and the public
  // screens' links do) opens in it, even for a visitor whose browser has never been here.
  const asked = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
  if ((LANGUAGES as readonly string[]).includes(asked ?? '')) {
    localStorage.setItem(STORED_LANGUAGE_KEY, asked as LanguageCode);
    return asked as LanguageCode;
  }
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORED_LANGUAGE_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as LanguageCode) : 'pl';
}

/**
 * Resolves once the shell's texts of the initial language are there: main.tsx renders after it, so
 * no raw key is ever shown. Both catalogues are complete (a unit test compares their keys), so the
 * other language is never fetched as a fallback.
 */
export const i18nReady: Promise<unknown> = i18next
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    supportedLngs: [...LANGUAGES],
    fallbackLng: false,
    defaultNS: 'common',
    ns: SHELL_NAMESPACES,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    // Start fetching the catalogues now, not after a timer: they go out with the session call.
    initAsync: false,
    react: { useSuspense: true },
  });

/** Fetches a namespace of the active language (a route's feature) ahead of its first use. */
export function loadNamespace(namespace: string): Promise<unknown> {
  return i18next.loadNamespaces(namespace);
}

export function setLanguage(lang: LanguageCode): void {
  localStorage.setItem(STORED_LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18next.changeLanguage(lang);
}
document.documentElement.lang = initialLanguage();

export { i18next };
