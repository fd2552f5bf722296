import type { TCategory } from '@club/shared';
import { categorySlug } from '@club/shared/slug';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const categoriesQueryKey = ['categories'] as const;

export const getCategories = () => api.get<TCategory[]>('/settings/categories/items');

export function useCategories() {
  return useQuery({ queryKey: categoriesQueryKey, queryFn: getCategories, staleTime: 5 * 60_000 });
}

/** The category of a URL slug (SPEC.md §2: name lowercased, spaces to hyphens). */
export function findCategoryBySlug(categories: TCategory[], slug: string): TCategory | undefined {
  const wanted = decodeURIComponent(slug).toLowerCase();
  return categories.find((c) => categorySlug(c.name) === wanted);
}
