import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

/** Shopping history sits inside the account wrapper (account menu, current user loaded first). */
export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  {
    lazy: async () => ({ Component: (await import('../account/components/account-layout')).default }),
    children: [page(paths.shoppingHistory, () => import('./routes/shopping-history'), ['customer'])],
  },
];
