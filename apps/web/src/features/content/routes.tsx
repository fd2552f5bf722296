import { paths } from '../../config/paths';
import { preload } from 'react-dom';
import { type FeatureRoutes, page } from '../../lib/routing';
import { HOME_POSTER } from './components/home-media';

export const protectedRoutes: FeatureRoutes['protectedRoutes'] = [
  // A first load fetches the film's poster, the page's largest paint, while the splash shows.
  page(
    paths.home,
    () => import('./routes/home'),
    undefined,
    () => preload(HOME_POSTER, { as: 'image', fetchPriority: 'high' }),
  ),
  page(paths.excellenceClub, () => import('./routes/excellence-club')),
  page(paths.partners, () => import('./routes/partners')),
  page(paths.faq, () => import('./routes/faq')),
  page(paths.contact, () => import('./routes/contact')),
];
