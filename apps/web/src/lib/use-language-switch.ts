import { languagesContract } from '@club/shared/contract/languages';
import type { LanguageCode } from '@club/shared';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from './endpoint';
import { STORED_LANGUAGE_KEY } from './i18n';
import { useSession } from './session';

/** The two languages, when the list has not arrived yet (the sign-in page offers them too). */
const FALLBACK = [
  { id: 1, code: 'pl' as const },
  { id: 2, code: 'en' as const },
];

/**
 * The language switch of both shells (the member panel's and the console's): the languages sorted by
 * code descending (SPEC.md §7), and `choose`, which stores the choice on the account
 * (users/update-language) and reloads the page in the new language.
 */
export function useLanguageSwitch(onError: (error: unknown) => void) {
  const { language, languages } = useSession();
  const change = useMutation({
    mutationFn: (id: number) =>
      fetchData(languagesContract.updateLanguage, { query: { language_id: String(id) } }),
  });
  const options = [...(languages.length ? languages : FALLBACK)].sort((a, b) => b.code.localeCompare(a.code));
  const choose = (option: { id: number; code: LanguageCode }) => {
    if (option.code === language) return;
    change.mutate(option.id, {
      onSuccess: () => {
        localStorage.setItem(STORED_LANGUAGE_KEY, option.code);
        window.location.reload();
      },
      onError,
    });
  };
  return { language, options, pending: change.isPending, choose };
}
