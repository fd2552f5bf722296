import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  page(paths.home, () => import('./routes/home')),
  page(paths.excellenceClub, () => import('./routes/excellence-club')),
  page(paths.partners, () => import('./routes/partners')),
  page(paths.faq, () => import('./routes/faq')),
  page(paths.contact, () => import('./routes/contact')),
];
