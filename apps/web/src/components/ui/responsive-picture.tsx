import type { ImgHTMLAttributes } from 'react';

/** One picture as the API gives it: the largest file and its sized variants (TImageSrcset). */
export type PictureSource = { url: string | null; srcset?: string | null; sizes: string };

/** Below this width the pages show the phone crop of a picture (a banner's or a product's `*_mobile`). */
export const PHONE_MEDIA = '(max-width: 600px)';

/**
 * A picture at the width the layout gives it: the browser picks the narrowest variant that fills
 * `sizes` at the screen's density (Lighthouse: "properly size images"); on phones the phone crop.
 */
export function ResponsivePicture({
  picture,
  phone,
  className,
  ...img
}: {
  picture: PictureSource;
  phone?: PictureSource;
  className?: string;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>) {
  if (!picture.url) return null;
  return (
    <picture className={className}>
      {phone?.url && (
        <source
          media={PHONE_MEDIA}
          srcSet={phone.srcset ?? phone.url}
          sizes={phone.srcset ? phone.sizes : undefined}
        />
      )}
      <ResponsiveImage picture={{ ...picture, url: picture.url }} {...img} />
    </picture>
  );
}

/**
 * The <img> of a picture without phone crop (a thumbnail, a gallery's tile): its sized variants when
 * it has them; decorative unless `alt` says otherwise.
 */
export function ResponsiveImage({
  picture,
  ...img
}: {
  picture: PictureSource & { url: string };
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>) {
  return (
    <img
      src={picture.url}
      srcSet={picture.srcset ?? undefined}
      sizes={picture.srcset ? picture.sizes : undefined}
      alt=""
      {...img}
    />
  );
}

/** The source a browser will take for this screen, for a preload that matches the <picture> exactly. */
export function chosenSource(picture: PictureSource, phone?: PictureSource): PictureSource | null {
  const source = phone?.url && window.matchMedia(PHONE_MEDIA).matches ? phone : picture;
  return source.url ? source : null;
}
