import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';
import { prefetchCategoryPage, prefetchExperiences, prefetchProductPage } from './api/prefetch';

export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  page(paths.experiences, () => import('./routes/experiences'), undefined, prefetchExperiences),
  page(`${paths.experiences}/:category`, () => import('./routes/category'), undefined, prefetchCategoryPage),
  page(
    `${paths.experiences}/:category/:product`,
    () => import('./routes/product'),
    undefined,
    prefetchProductPage,
  ),
];
