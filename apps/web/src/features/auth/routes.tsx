import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  page(paths.login, () => import('./routes/login')),
  page(paths.loading, () => import('./routes/splash')),
  page(paths.logout, () => import('./routes/logout')),
  page(paths.resetPassword, () => import('./routes/reset-password')),
];
