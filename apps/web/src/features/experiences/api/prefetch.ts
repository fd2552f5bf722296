import type { TCategory } from '@club/shared';
import { FIRST_PAGE } from '@club/shared/constants';
import { parseProductParam } from '@club/shared/slug';
import type { QueryClient } from '@tanstack/react-query';
import { preload } from 'react-dom';
import { prepareHtml } from '../../../components/ui/light-html';
import type { RoutePrefetch } from '../../../lib/routing';
import { categoriesQueryKey, findCategoryBySlug, getCategories } from './get-categories';
import { getProduct, productQueryKey } from './get-product';
import { getProducts, type ProductFilter, productsQueryKey } from './get-products';

/**
 * What the experiences pages start on a first load while the splash shows (app/boot.ts). In the app's
 * entry, with the routes: the calls go out with the session call, not after a page chunk.
 */

/** The image the browser will pick for this screen (the mobile variant up to 600 px, as the pages' <picture>). */
export function preloadPicture(url: string | null | undefined, mobileUrl?: string | null): void {
  const src = mobileUrl && window.matchMedia('(max-width: 600px)').matches ? mobileUrl : url;
  if (src) preload(src, { as: 'image', fetchPriority: 'high' });
}

export const prefetchCategories = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: categoriesQueryKey, queryFn: getCategories, staleTime: 5 * 60_000 });

/** The first page of a product list, in the infinite query the list reads (useProducts). */
export const prefetchProducts = (queryClient: QueryClient, filter: ProductFilter) =>
  queryClient.prefetchInfiniteQuery({
    queryKey: productsQueryKey(filter),
    queryFn: ({ pageParam }) => getProducts(filter, pageParam),
    initialPageParam: FIRST_PAGE,
  });

export async function prefetchCategory(queryClient: QueryClient, slug: string): Promise<void> {
  const categories: TCategory[] = await prefetchCategories(queryClient);
  const category = findCategoryBySlug(categories, slug);
  if (!category) return;
  preloadPicture(category.banner_url, category.banner_mobile_url);
  await prefetchProducts(queryClient, { categoryId: category.id });
}

export async function prefetchProduct(queryClient: QueryClient, key: number | string): Promise<void> {
  const product = await queryClient.fetchQuery({
    queryKey: productQueryKey(key),
    queryFn: () => getProduct(key),
  });
  preloadPicture(product.category.banner_url, product.category.banner_mobile_url);
  prepareHtml(product.description);
}

/** /experiences on a first load: the categories (and the first one's image, the largest paint) and the list. */
export const prefetchExperiences: RoutePrefetch = ({ queryClient }) => {
  prefetchCategories(queryClient)
    .then((categories) => preloadPicture(categories[0]?.image_url))
    .catch(() => {});
  void prefetchProducts(queryClient, { forUser: true });
};

/** /experiences/{category}: the categories, then the category's banner and its first page. */
export const prefetchCategoryPage: RoutePrefetch = ({ params, queryClient }) => {
  prefetchCategory(queryClient, params.category ?? '').catch(() => {});
};

/** /experiences/{category}/{product}: the experience and its banner (the largest paint). */
export const prefetchProductPage: RoutePrefetch = ({ params, queryClient }) => {
  const key = parseProductParam(params.product ?? '');
  if (key) prefetchProduct(queryClient, 'id' in key ? key.id : key.alias).catch(() => {});
};
