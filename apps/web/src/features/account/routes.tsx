import { paths } from '../../config/paths';
import { type FeatureRoutes, page, Redirect } from '../../lib/routing';

export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  { path: paths.account, element: <Redirect to={paths.clubCard} replace /> },
];

/** The account screens; app/ places every feature's account pages in one account wrapper. */
export const accountRoutes: FeatureRoutes['accountRoutes'] = [
  page(paths.clubCard, () => import('./routes/club-card')),
  page(paths.userInfo, () => import('./routes/user-info')),
  page(paths.passwordChange, () => import('./routes/password-change')),
  page(paths.interests, () => import('./routes/your-interests')),
  page(paths.invoiceInfo, () => import('./routes/invoice-info')),
];
