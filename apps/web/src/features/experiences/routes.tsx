import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  page(paths.experiences, () => import('./routes/experiences')),
  page(`${paths.experiences}/:category`, () => import('./routes/category')),
  page(`${paths.experiences}/:category/:product`, () => import('./routes/product')),
];
