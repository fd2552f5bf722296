import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

/** /account and its screens, inside the account wrapper that loads the current user first. */
export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  { path: paths.account, element: <Navigate to={paths.clubCard} replace /> },
  {
    lazy: async () => ({ Component: (await import('./components/account-layout')).default }),
    children: [
      page(paths.clubCard, () => import('./routes/club-card')),
      page(paths.userInfo, () => import('./routes/user-info')),
      page(paths.passwordChange, () => import('./routes/password-change')),
      page(paths.interests, () => import('./routes/your-interests')),
      page(paths.invoiceInfo, () => import('./routes/invoice-info')),
    ],
  },
];
