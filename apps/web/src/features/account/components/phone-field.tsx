import { PHONE_DROPDOWN_UPWARD_BELOW_PX, TYPE_TO_FIND_RESET_MS } from '@club/shared';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
} from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './phone-field.module.css';

export type PhoneCountry = { country: CountryCode; prefix: string; name: string };

/** Countries whose calling code fits the prefix rule of SPEC.md §5 (+ and 2–3 digits), by name. */
export function usePhoneCountries(): PhoneCountry[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return getCountries()
      .map((country) => ({ country, prefix: `+${getCountryCallingCode(country)}` }))
      .filter((c) => c.prefix.length >= 3 && c.prefix.length <= 4)
      .map((c) => ({ ...c, name: names.of(c.country) ?? c.country }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [i18n.language]);
}

/** The country of a stored calling code: the fallback when it shares the code, else the code's main country. */
export function countryForPrefix(prefix: string | null | undefined, fallback: CountryCode): CountryCode {
  const code = (prefix ?? '').replace(/\D/g, '');
  const countries = (metadata.country_calling_codes as Record<string, CountryCode[]>)[code];
  if (!countries?.length) return fallback;
  return countries.includes(fallback) ? fallback : countries[0]!;
}

/**
 * The phone widget of SPEC.md §5 on libphonenumber-js: a country picker (a listbox that opens upward
 * when there is under 200 px below it, with type-to-find that forgets after 700 ms) and the national
 * number, checked against the chosen country.
 */
export function PhoneField({
  country,
  onCountryChange,
  value,
  onChange,
  onBlur,
  error,
  prefixError,
  disabled,
  required,
}: {
  country: CountryCode;
  onCountryChange: (country: PhoneCountry) => void;
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
  error?: string;
  prefixError?: string;
  disabled?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation('account');
  const countries = usePhoneCountries();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useRef('');
  const typedTimer = useRef<number>(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const selected = countries.find((c) => c.country === country) ?? countries[0];
  const example = useMemo(() => getExampleNumber(country, examples)?.nationalNumber ?? '', [country]);

  const openList = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    setUpward(!!rect && window.innerHeight - rect.bottom < PHONE_DROPDOWN_UPWARD_BELOW_PX);
    setActive(
      Math.max(
        0,
        countries.findIndex((c) => c.country === country),
      ),
    );
    setOpen(true);
  };
  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const c = countries[index];
    if (c) onCountryChange(c);
    close();
  };

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  useEffect(() => () => window.clearTimeout(typedTimer.current), []);

  /** Type-to-find: letters typed within 700 ms of each other form one search. */
  const find = (char: string) => {
    window.clearTimeout(typedTimer.current);
    typed.current += char.toLocaleLowerCase();
    typedTimer.current = window.setTimeout(() => {
      typed.current = '';
    }, TYPE_TO_FIND_RESET_MS);
    const query = typed.current;
    const repeated = query.length > 1 && [...query].every((ch) => ch === query[0]);
    const matches = countries
      .map((c, i) => ({ c, i }))
      .filter(
        ({ c }) =>
          c.name.toLocaleLowerCase().startsWith(repeated ? query[0]! : query) || c.prefix === `+${query}`,
      );
    if (matches.length === 0) return;
    const next = repeated ? (matches.find(({ i }) => i > active) ?? matches[0]!) : matches[0]!;
    setActive(next.i);
  };

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = countries.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
      PageDown: Math.min(last, active + 10),
      PageUp: Math.max(0, active - 10),
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if (e.key === 'Enter' || (e.key === ' ' && !typed.current)) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      close(false);
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      find(e.key);
    }
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openList();
    }
  };

  const listId = `${id}-countries`;
  const inputId = `${id}-number`;
  const errorId = `${id}-error`;
  const message = prefixError ?? error;
  return (
    <div className={styles.field} ref={wrapRef}>
      <span className={styles.label} id={`${id}-label`}>
        {t('profile.mobilePhone')}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      <div className={styles.row}>
        <div className={styles.pickerWrap}>
          <button
            ref={buttonRef}
            type="button"
            className={styles.picker}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-label={t('profile.phoneCountry', {
              country: selected?.name ?? country,
              prefix: selected?.prefix ?? '',
            })}
            aria-invalid={prefixError ? true : undefined}
            disabled={disabled}
            onClick={() => (open ? close() : openList())}
            onKeyDown={onButtonKey}
            data-testid="phone-country"
          >
            <span className={styles.code}>{country}</span>
            <span className={styles.prefix}>{selected?.prefix}</span>
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 4.5l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
            </svg>
          </button>
          {open && (
            <div
              ref={listRef}
              id={listId}
              role="listbox"
              tabIndex={-1}
              aria-label={t('profile.phoneCountryList')}
              aria-activedescendant={`${id}-opt-${active}`}
              className={[styles.list, upward ? styles.upward : ''].join(' ')}
              data-placement={upward ? 'top' : 'bottom'}
              onKeyDown={onListKey}
            >
              {countries.map((c, i) => (
                // The listbox owns the keyboard (aria-activedescendant); options take clicks only.
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the listbox above
                <div
                  key={c.country}
                  tabIndex={-1}
                  id={`${id}-opt-${i}`}
                  role="option"
                  data-index={i}
                  aria-selected={c.country === country}
                  className={[styles.option, i === active ? styles.active : ''].join(' ')}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(i)}
                >
                  <span className={styles.optionName}>{c.name}</span>
                  <span className={styles.optionPrefix}>{c.prefix}</span>
                </div>
              ))}
            </div>
          )}
        </div>
        <input
          id={inputId}
          className={styles.input}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={message ? errorId : undefined}
          placeholder={example}
          disabled={disabled}
          value={value}
          maxLength={17}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          onBlur={onBlur}
        />
      </div>
      {message && (
        <span id={errorId} className={styles.error}>
          {message}
        </span>
      )}
    </div>
  );
}
