import { type ConsolePage, consolePaths } from '../../config/console';

/** The galleries of the console (app/console finds this file): the list, a new gallery, one gallery. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.galleries, load: () => import('./routes/list'), access: 'staff' },
  { path: consolePaths.galleryNew, load: () => import('./routes/edit'), access: 'staff' },
  { path: consolePaths.gallery, load: () => import('./routes/edit'), access: 'staff' },
];
