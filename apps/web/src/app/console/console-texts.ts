import type { LanguageCode } from '@club/shared/constants';
import { i18next } from '../../lib/i18n';

/**
 * The texts of the console's features (features/console*\/locales/{pl,en}.json), each under its folder's
 * name as namespace (`useTranslation('console')`, `useTranslation('console-experiences')`). They are
 * not in lib/i18n's list (members' code never names them): the console's chunk adds them here.
 */
const files = import.meta.glob<Record<string, unknown>>('../../features/console*/locales/*.json', {
  import: 'default',
});

const loaded = new Map<LanguageCode, Promise<void>>();

/** Loads (once per language) every console namespace of `lang` into i18next. */
export function loadConsoleTexts(lang: LanguageCode): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = Promise.all(
      Object.entries(files)
        .map(([file, load]) => ({ load, match: /features\/([^/]+)\/locales\/(\w+)\.json$/.exec(file) }))
        .filter(({ match }) => match?.[2] === lang)
        .map(async ({ load, match }) => {
          i18next.addResourceBundle(lang, match![1]!, await load(), true, true);
        }),
    ).then(() => undefined);
    done.catch(() => loaded.delete(lang));
    loaded.set(lang, done);
  }
  return done;
}
