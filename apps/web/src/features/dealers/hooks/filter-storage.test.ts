import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, FILTERS_STORAGE_KEY, readFilters, writeFilters } from './filter-storage';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe('customer list filter storage', () => {
  it('keeps the view path and its filters under one key', () => {
    const s = memoryStorage();
    writeFilters('/customers', { search: 'Nowak', status: 'REGISTERED' }, s);
    expect([...s.map.keys()]).toEqual([FILTERS_STORAGE_KEY]);
    expect(JSON.parse(s.map.get(FILTERS_STORAGE_KEY)!)).toEqual({
      path: '/customers',
      filters: { search: 'Nowak', status: 'REGISTERED' },
    });
    expect(readFilters('/customers', s)).toEqual({ search: 'Nowak', status: 'REGISTERED' });
  });

  it('gives empty filters to another view, to nothing stored and to junk', () => {
    const s = memoryStorage();
    expect(readFilters('/customers', s)).toEqual(EMPTY_FILTERS);
    writeFilters('/gallery', { search: 'x', status: '' }, s);
    expect(readFilters('/customers', s)).toEqual(EMPTY_FILTERS);
    s.setItem(FILTERS_STORAGE_KEY, '{not json');
    expect(readFilters('/customers', s)).toEqual(EMPTY_FILTERS);
    s.setItem(
      FILTERS_STORAGE_KEY,
      JSON.stringify({ path: '/customers', filters: { search: 5, status: 'DELETED' } }),
    );
    expect(readFilters('/customers', s)).toEqual(EMPTY_FILTERS);
  });

  it('survives a storage that refuses writes', () => {
    expect(() =>
      writeFilters('/customers', EMPTY_FILTERS, {
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      }),
    ).not.toThrow();
  });
});
