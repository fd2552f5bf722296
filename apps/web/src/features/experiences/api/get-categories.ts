import type { TCategory } from '@club/shared';
import { categorySlug } from '@club/shared/slug';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const categoriesQueryKey = ['categories'] as const;

export const getCategories = () => api.get<TCategory[]>('/settings/categories/items');

export function useCategories() {
  return useQuery({ queryKey: categoriesQueryKey, queryFn: getCategories, staleTime: 5 * 60_000 });
}

/**
 * The category of a URL slug (SPEC.md §2: name lowercased, spaces to hyphens) in any language: an
 * address made for a member of the other language ("wyprawy" for "journeys") still finds it.
 */
export function findCategoryBySlug(categories: TCategory[], slug: string): TCategory | undefined {
  let wanted: string;
  try {
    wanted = decodeURIComponent(slug).toLowerCase();
  } catch {
    return undefined;
  }
  return (
    categories.find((c) => categorySlug(c.name) === wanted) ??
    categories.find((c) => (c.slugs ?? []).includes(wanted))
  );
}

/** The path as typed: a name with "ż" arrives percent-encoded. */
export function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
