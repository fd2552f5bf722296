import { filterTaxOffices, type TTaxOffice } from '@club/shared';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './bonus.module.css';

const MAX_SHOWN = 50;

/**
 * A combobox over the tax offices: typing filters by name or city, case-insensitively (SPEC.md §5);
 * arrows move, Enter picks, Escape closes. The form holds the chosen office's name, or '' while none is.
 */
export function TaxOfficePicker({
  offices,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  hint,
  required,
}: {
  offices: TTaxOffice[];
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('bonus');
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the value rewrites the text
  useEffect(() => {
    if (value !== text && (value !== '' || disabled)) setText(value);
  }, [value, disabled]);

  const shown = useMemo(
    () => filterTaxOffices(offices, text === value ? '' : text).slice(0, MAX_SHOWN),
    [offices, text, value],
  );

  const pick = (office: TTaxOffice) => {
    setText(office.name);
    onChange(office.name);
    setOpen(false);
  };

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, shown.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const office = shown[active];
      if (office) pick(office);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        {t('fields.taxOffice')}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        className={styles.input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && !disabled}
        aria-controls={listId}
        aria-activedescendant={open && shown[active] ? `${id}-opt-${shown[active].id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t('fields.taxOfficePlaceholder')}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
          const exact = offices.find(
            (o) => o.name.toLocaleLowerCase('pl') === e.target.value.trim().toLocaleLowerCase('pl'),
          );
          onChange(exact ? exact.name : '');
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // Let a click on an option land before the list closes.
          window.setTimeout(() => setOpen(false), 150);
          onBlur?.();
        }}
      />
      {open && !disabled && (
        <div
          id={listId}
          ref={listRef}
          role="listbox"
          className={styles.listbox}
          aria-label={t('fields.taxOffice')}
        >
          {shown.length === 0 ? (
            <div className={styles.noOption}>{t('fields.taxOfficeEmpty')}</div>
          ) : (
            shown.map((office, index) => (
              <div
                key={office.id}
                tabIndex={-1}
                id={`${id}-opt-${office.id}`}
                data-index={index}
                role="option"
                aria-selected={office.name === value}
                className={[styles.option, index === active ? styles.optionActive : ''].join(' ')}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(office)}
                onKeyDown={(e) => e.key === 'Enter' && pick(office)}
              >
                <span>{office.name}</span>
                <span className={styles.optionCity}>{office.city}</span>
              </div>
            ))
          )}
        </div>
      )}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
