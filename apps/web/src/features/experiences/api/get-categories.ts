import type { TCategory } from '@club/shared';
import { catalogContract } from '@club/shared/contract/catalog';
import { categorySlug } from '@club/shared/slug';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

export const categoriesQueryKey = queryKeyOf(catalogContract.categories);

export const getCategories = () => fetchData(catalogContract.categories);

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
