import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SelectField, TextField } from '../ui';
import styles from './console-ui.module.css';

/** The part of a list's address state (use-table-url.ts) a filter field reads and writes. */
type FilterState<F extends string> = {
  filters: Record<F, string>;
  setFilter: (name: F, value: string) => void;
};

/**
 * A console list's choice filter, bound to its parameter in the address: "any" first (the empty
 * value), then the `choices`.
 */
export function ChoiceFilter<F extends string>({
  state,
  name,
  label,
  any,
  choices,
  error,
}: {
  state: FilterState<F>;
  name: F;
  label: string;
  any: string;
  choices: readonly { value: string; label: string }[];
  error?: string;
}) {
  return (
    <SelectField
      label={label}
      value={state.filters[name]}
      onChange={(e) => state.setFilter(name, e.target.value)}
      error={error}
    >
      <option value="">{any}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

/** A console list's day filter (`YYYY-MM-DD`), bound to its parameter in the address. */
export function DateFilter<F extends string>({
  state,
  name,
  label,
  error,
}: {
  state: FilterState<F>;
  name: F;
  label: string;
  error?: string;
}) {
  return (
    <TextField
      label={label}
      type="date"
      value={state.filters[name]}
      onChange={(e) => state.setFilter(name, e.target.value)}
      error={error}
    />
  );
}

/**
 * A filter form's buttons: apply (the form's submit) and clear (every filter of the list). A list
 * laid out apart (the experiences) gives its own words and class.
 */
export function FilterButtons({
  onClear,
  labels,
  className = styles.filterButtons,
}: {
  onClear: () => void;
  labels?: { apply: string; clear: string };
  className?: string;
}) {
  const { t } = useTranslation('console');
  return (
    <div className={className}>
      <Button type="submit" size="small">
        {labels?.apply ?? t('table.apply')}
      </Button>
      <Button type="button" size="small" variant="ghost" onClick={onClear}>
        {labels?.clear ?? t('table.clear')}
      </Button>
    </div>
  );
}

/**
 * A console list's filter form: typed filters apply together on submit (one change of the address),
 * each trimmed; the form starts again from the address whenever it changes (back button, clear).
 */
export function FilterForm<F extends string>({
  label,
  names,
  state,
  children,
}: {
  label: string;
  /** The fields the form applies, by their `name`. */
  names: readonly F[];
  state: {
    filters: Record<F, string>;
    setFilters: (values: Partial<Record<F, string>>) => void;
    clearFilters: () => void;
  };
  children: ReactNode;
}) {
  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        state.setFilters(
          Object.fromEntries(names.map((n) => [n, String(data.get(n) ?? '').trim()])) as Record<F, string>,
        );
      }}
      key={JSON.stringify(state.filters)}
    >
      {children}
      <FilterButtons onClear={state.clearFilters} />
    </form>
  );
}
