import { paths } from '../../config/paths';
import { type FeatureRoutes, page } from '../../lib/routing';

/** The member's own data (issue 31): the copy of everything the club keeps, in the account section. */
export const accountRoutes: FeatureRoutes['accountRoutes'] = [
  page(paths.myData, () => import('./routes/my-data')),
];
