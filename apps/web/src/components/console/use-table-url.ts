import { SEARCH_DEBOUNCE_MS } from '@club/shared/constants';
import { isPageSize } from '@club/shared/schemas/list-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAddressParams } from '../../lib/use-address-params';

/**
 * A console list's state kept in the address (`?page=2&sort=email&dir=desc&search=ewa`), so that a
 * reload, a shared link and the back button show the same page of the same list. `filters` names the
 * filter parameters the list reads; changing a filter or the sort goes back to page 1.
 */
export function useTableUrl<F extends string>(
  filters: readonly F[],
  defaults: { sort: string; dir: 'asc' | 'desc' },
) {
  const [params, setParams] = useAddressParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sort = params.get('sort') ?? defaults.sort;
  const dir = (params.get('dir') === 'desc' ? 'desc' : params.get('dir') === 'asc' ? 'asc' : defaults.dir) as
    | 'asc'
    | 'desc';
  const filterKey = filters.map((f) => params.get(f) ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filters' values
  const values = useMemo(
    () => Object.fromEntries(filters.map((f) => [f, params.get(f) ?? ''])) as Record<F, string>,
    [filterKey],
  );

  const update = useCallback(
    (patch: Record<string, string | number | null>, resetPage = true) => {
      setParams(
        (next) => {
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage && !('page' in patch)) next.delete('page');
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // The same functions from render to render, so a page's effects may depend on them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filters' names
  const actions = useMemo(
    () => ({
      setPage: (p: number) => update({ page: p > 1 ? p : null }, false),
      setSort: (column: string, direction: 'asc' | 'desc') => update({ sort: column, dir: direction }),
      setFilter: (name: F, value: string) => update({ [name]: value }),
      /** Several filters in one address change (a filter form's submit); back to page 1. */
      setFilters: (values: Partial<Record<F, string>>) => update(values as Record<string, string>),
      clearFilters: () => update(Object.fromEntries(filters.map((f) => [f, null]))),
    }),
    [update, filters.join('\u0000')],
  );
  return { page, sort, dir, filters: values, ...actions };
}

/**
 * A list's search box: what is typed shows at once, and the address (so the query) follows once the
 * typing pauses (`SEARCH_DEBOUNCE_MS`). `name` is the filter parameter it writes.
 */
export function useSearchFilter<F extends string>(
  table: { filters: Record<F, string>; setFilter: (name: F, value: string) => void },
  name: F,
) {
  const applied = table.filters[name];
  const [search, setSearch] = useState(applied);
  const { setFilter } = table;
  useEffect(() => {
    if (search === applied) return;
    // A link followed within the pause (the address already moved on while the next screen loads)
    // must not be replaced by this list's address with the search.
    const typedAt = window.location.pathname;
    const timer = window.setTimeout(() => {
      if (window.location.pathname === typedAt) setFilter(name, search.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, applied, setFilter, name]);
  return [search, setSearch] as const;
}

/**
 * The page a list asks the server for, from its place in the address: a page size or a sort the
 * server does not offer (a hand-edited address) falls back to `sizes.fallback` and `sorts.fallback`.
 * The sizes are the contract's tuple, so the answer's `per_page` is its literal union.
 */
export function pagedQuery<const S extends string, const Z extends readonly number[]>(
  state: { page: number; sort: string; dir: 'asc' | 'desc' },
  perPage: string,
  sizes: { offered: Z; fallback: Z[number] },
  sorts: { offered: readonly S[]; fallback: S },
) {
  const size = Number(perPage);
  return {
    page: state.page,
    per_page: isPageSize(sizes.offered, size) ? size : sizes.fallback,
    sort: oneOf(sorts.offered, state.sort, sorts.fallback),
    dir: state.dir,
  };
}

/** `value` if it is one of `offered` (the contract's tuple), else `fallback`: a hand-edited address never reaches the server. */
export function oneOf<const S extends string, F extends S | undefined>(
  offered: readonly S[],
  value: string,
  fallback: F,
): S | F {
  return (offered as readonly string[]).includes(value) ? (value as S) : fallback;
}
