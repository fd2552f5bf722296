import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  page(paths.bonus, () => import('./routes/bonus'), ['dealer']),
];
