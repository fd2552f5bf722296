/** The home page's media, named once: the page and its first-load prefetch (routes.tsx) share them. */
export const MEDIA = '/panel/media';
export const HOME_POSTER = `${MEDIA}/video/home-header-poster.webp`;

/** The intro picture at the widths apps/server/media/variants.json lists for home/intro.webp. */
const INTRO_WIDTHS = [480, 768, 1200, 1600] as const;
export const HOME_INTRO = `${MEDIA}/home/intro.webp`;
export const HOME_INTRO_SRCSET = INTRO_WIDTHS.map(
  (w) => `${w === 1600 ? HOME_INTRO : `${MEDIA}/home/intro-${w}w.webp`} ${w}w`,
).join(', ');
/** Beside the text from 800 px (1.1fr of the 1240 px container), full width below. */
export const HOME_INTRO_SIZES = '(max-width: 800px) calc(100vw - 32px), 640px';
