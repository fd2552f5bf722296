/** The home page's media, named once: the page and its first-load prefetch (routes.tsx) share them. */
export const MEDIA = '/panel/media';
export const HOME_POSTER = `${MEDIA}/video/home-header-poster.webp`;
