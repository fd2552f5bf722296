import { CUSTOMER_STATUSES, type CustomerStatus } from '@club/shared';

/** One browser-storage key for list filters: the view's path plus its {search, status} (SPEC.md §2). */
export const FILTERS_STORAGE_KEY = 'club.listFilters';

export type CustomerFilters = { search: string; status: CustomerStatus | '' };
export const EMPTY_FILTERS: CustomerFilters = { search: '', status: '' };

type Stored = { path: string; filters: CustomerFilters };

/** The filters saved for `path`, or empty ones (another view, nothing stored, or junk). */
export function readFilters(path: string, storage: Pick<Storage, 'getItem'> = localStorage): CustomerFilters {
  try {
    const stored = JSON.parse(storage.getItem(FILTERS_STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    if (!stored || stored.path !== path || typeof stored.filters !== 'object' || !stored.filters)
      return EMPTY_FILTERS;
    const { search, status } = stored.filters as Partial<CustomerFilters>;
    return {
      search: typeof search === 'string' ? search.slice(0, 100) : '',
      status: (CUSTOMER_STATUSES as readonly string[]).includes(status ?? '')
        ? (status as CustomerStatus)
        : '',
    };
  } catch {
    return EMPTY_FILTERS;
  }
}

export function writeFilters(
  path: string,
  filters: CustomerFilters,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ path, filters } satisfies Stored));
  } catch {
    // Storage full or blocked (private mode): the filters then live only in the page.
  }
}
