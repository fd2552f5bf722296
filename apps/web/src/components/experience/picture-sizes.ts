import type { TCategory, TProduct, TProductCategory } from '@club/shared';
import type { PictureSource } from '../ui/responsive-picture';

/**
 * How wide each picture of the experiences pages is drawn (experiences.module.css), as `sizes`:
 * the browser then loads the narrowest variant that fills it. Change them with the CSS.
 */
export const PICTURE_SIZES = {
  /** Product cards: one column up to ~720 px, two up to ~1100 px, then three of ~400 px. */
  card: '(max-width: 720px) calc(100vw - 32px), (max-width: 1100px) 50vw, 400px',
  cardPhone: 'calc(100vw - 32px)',
  /** Category tiles: minmax(260px, 1fr) in the 1240 px container. */
  categoryTile: '(max-width: 600px) calc(100vw - 32px), (max-width: 1100px) 50vw, 300px',
  /** Banners run the full width of the window. */
  banner: '100vw',
  /** The product page's picture: the main column beside the 340 px aside, full width below 900 px. */
  productImage: '(max-width: 900px) calc(100vw - 32px), 820px',
  productImagePhone: 'calc(100vw - 32px)',
  /** The product page's photo grid: minmax(160px, 1fr). */
  photoThumb: '(max-width: 600px) 50vw, 220px',
} as const;

/**
 * A <video> poster takes no srcset: the narrowest variant at least as wide as the video on this
 * screen (the product page's main column, as PICTURE_SIZES.productImage), else the largest file.
 */
export function videoPoster(product: TProduct): string | undefined {
  if (!product.image_url) return undefined;
  if (!product.image_srcset) return product.image_url;
  const needed = Math.min(window.innerWidth - 32, 820) * (window.devicePixelRatio || 1);
  const candidates = product.image_srcset.split(', ').map((c) => {
    const [url = '', w = ''] = c.split(' ');
    return { url, width: Number.parseInt(w, 10) };
  });
  return candidates.find((c) => c.width >= needed)?.url ?? product.image_url;
}

export function categoryBanner(category: TCategory | TProductCategory): {
  picture: PictureSource;
  phone: PictureSource;
} {
  return {
    picture: { url: category.banner_url, srcset: category.banner_srcset, sizes: PICTURE_SIZES.banner },
    phone: {
      url: category.banner_mobile_url,
      srcset: category.banner_mobile_srcset,
      sizes: PICTURE_SIZES.banner,
    },
  };
}

export function productPicture(
  product: TProduct,
  sizes: string,
  phoneSizes: string,
): { picture: PictureSource; phone: PictureSource } {
  return {
    picture: { url: product.image_url, srcset: product.image_srcset, sizes },
    phone: { url: product.image_mobile_url, srcset: product.image_mobile_srcset, sizes: phoneSizes },
  };
}
