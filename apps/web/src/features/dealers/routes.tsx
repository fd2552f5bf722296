import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  page(paths.customers, () => import('./routes/customers'), ['dealer']),
  page(paths.customerRegister, () => import('./routes/customer-register'), ['dealer']),
  page(`${paths.customers}/edit/:id`, () => import('./routes/customer-edit'), ['dealer']),
];

/** The customer's two steps from the dealer's links: no session needed. */
export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  page(paths.agreements, () => import('./routes/agreements')),
  page(paths.activate, () => import('./routes/activate')),
];
