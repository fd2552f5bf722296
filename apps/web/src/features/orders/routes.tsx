import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

/** Shopping history is a page of the account section: app/ places it in the account wrapper. */
export const accountRoutes: FeatureRoutes['accountRoutes'] = [
  page(paths.shoppingHistory, () => import('./routes/shopping-history'), ['customer']),
];
