import type { LanguageCode } from '@club/shared';
import { useLanguageSwitch } from '../../lib/use-language-switch';

/**
 * The language switch of both shells: a button per language, the chosen one pressed. Each shell
 * gives its own words and its own classes (the side bar's and the header's look differ).
 */
export function LanguageButtons({
  classes,
  label,
  languageLabel,
  onFailure,
}: {
  classes: { lang?: string; langButton?: string };
  label: string;
  languageLabel: (code: LanguageCode) => string;
  onFailure: (error: unknown) => void;
}) {
  const { language, options, pending, choose } = useLanguageSwitch(onFailure);
  return (
    <div className={classes.lang} role="group" aria-label={label}>
      {options.map((l) => (
        <button
          key={l.id}
          type="button"
          lang={l.code}
          className={classes.langButton}
          aria-pressed={language === l.code}
          aria-label={languageLabel(l.code)}
          disabled={pending}
          onClick={() => choose(l)}
        >
          {l.code}
        </button>
      ))}
    </div>
  );
}
