import type { TCategory } from '@club/shared';
import { FIRST_PAGE } from '@club/shared/constants';
import { parseProductParam } from '@club/shared/slug';
import type { QueryClient } from '@tanstack/react-query';
import { preload } from 'react-dom';
import { prepareHtml } from '../../../components/ui/light-html';
import { chosenSource, type PictureSource } from '../../../components/ui/responsive-picture';
import type { RoutePrefetch } from '../../../lib/routing';
import { categoriesQueryKey, findCategoryBySlug, getCategories } from './get-categories';
import { getProduct, productQueryKey } from './get-product';
import { getProducts, type ProductFilter, productsQueryKey } from './get-products';
import { categoryBanner, PICTURE_SIZES } from '../../../components/experience/picture-sizes';

/**
 * What the experiences pages start on a first load while the splash shows (app/boot.ts). In the app's
 * entry, with the routes: the calls go out with the session call, not after a page chunk.
 */

/**
 * The image the browser will pick for this screen (the phone crop up to 600 px, as the pages'
 * <picture>), with the same srcset and sizes, so that the preload is the very request the page makes.
 */
export function preloadPicture(picture: PictureSource, phone?: PictureSource): void {
  const source = chosenSource(picture, phone);
  if (!source?.url) return;
  preload(source.url, {
    as: 'image',
    fetchPriority: 'high',
    ...(source.srcset ? { imageSrcSet: source.srcset, imageSizes: source.sizes } : {}),
  });
}

const preloadBanner = (category: Parameters<typeof categoryBanner>[0]) => {
  const { picture, phone } = categoryBanner(category);
  preloadPicture(picture, phone);
};

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
  preloadBanner(category);
  await prefetchProducts(queryClient, { categoryId: category.id });
}

export async function prefetchProduct(queryClient: QueryClient, key: number | string): Promise<void> {
  const product = await queryClient.fetchQuery({
    queryKey: productQueryKey(key),
    queryFn: () => getProduct(key),
  });
  preloadBanner(product.category);
  prepareHtml(product.description);
  prepareHtml(product.ann_description);
}

/** /experiences on a first load: the categories (and the first one's image, the largest paint) and the list. */
export const prefetchExperiences: RoutePrefetch = ({ queryClient }) => {
  prefetchCategories(queryClient)
    .then((categories) => {
      const first = categories[0];
      if (first)
        preloadPicture({
          url: first.image_url,
          srcset: first.image_srcset,
          sizes: PICTURE_SIZES.categoryTile,
        });
    })
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
