import type { TProductDetail } from '@club/shared';
import { PUBLISHED_ANNOUNCED } from '@club/shared/constants';
import { formatMoney } from '@club/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, buttonClass, ResponsivePicture } from '../ui';
import { LightHtml } from '../ui/light-html';
import { AvailabilityBadge } from './availability-badge';
import { formatDate } from './format';
import { categoryBanner, PICTURE_SIZES, productPicture, videoPoster } from './picture-sizes';
import styles from './experiences.module.css';
import { DownloadIcon } from '../ui/icons';

export type ProductSlide = { src: string; srcSet: string | null; alt: string };

/** The photos of a page as its slideshow shows them: the caption in the page's language, else "photo N of …". */
export function productSlides(
  p: TProductDetail,
  t: (key: string, options?: Record<string, unknown>) => string,
): ProductSlide[] {
  return p.images.map((image, i) => ({
    src: image.file_url,
    srcSet: image.srcset,
    alt: image.caption || t('photoOf', { name: p.name, number: i + 1 }),
  }));
}

/**
 * An experience's page as members see it (features/experiences product page) and as the console's
 * preview shows it: `description` and `announcement` are sanitised HTML (useSafeHtml; the console's
 * editor stores both as rich text), `actions` the member's buttons,
 * `onOpenPhoto` opens the slideshow (none in the preview), `slideshow` the popup itself.
 */
export function ProductView({
  product: p,
  description,
  announcement = null,
  actions,
  onOpenPhoto,
  slideshow,
  lang,
  titleId = 'product-title',
}: {
  product: TProductDetail;
  description: string | null;
  announcement?: string | null;
  actions?: ReactNode;
  onOpenPhoto?: (index: number) => void;
  slideshow?: ReactNode;
  lang?: string;
  titleId?: string;
}) {
  const { t, i18n } = useTranslation('experiences', lang ? { lng: lang } : undefined);
  const language = lang ?? i18n.language;
  const announced = p.published === PUBLISHED_ANNOUNCED;
  const slides = productSlides(p, t);
  return (
    <article aria-labelledby={titleId} lang={lang}>
      <ResponsivePicture className={styles.banner} {...categoryBanner(p.category)} fetchPriority="high" />
      <header className={`container ${styles.productHeader}`}>
        <div className={styles.cardBadges}>
          <Badge tone="gold">{p.category.name}</Badge>
          {announced && <Badge>{t('announced')}</Badge>}
          {p.is_past && <Badge>{t('past')}</Badge>}
          <AvailabilityBadge product={p} lang={lang} />
        </div>
        <h1 id={titleId} className={styles.productTitle}>
          {p.name}
        </h1>
      </header>
      <div className={`container ${styles.productLayout}`}>
        <div className={styles.productMain}>
          <ResponsivePicture
            className={styles.productImage}
            {...productPicture(p, PICTURE_SIZES.productImage, PICTURE_SIZES.productImagePhone)}
            alt={p.name}
          />
          {announced && announcement && (
            <div className={styles.announcement} role="note">
              <LightHtml html={announcement} className={styles.announcementText} />
            </div>
          )}
          <LightHtml html={description} className={styles.prose} />
          {p.video_url && (
            <section className={styles.section} aria-labelledby={`${titleId}-video`}>
              <h2 id={`${titleId}-video`} className={styles.sectionTitle}>
                {t('video')}
              </h2>
              <video
                className={styles.video}
                src={p.video_url}
                controls
                muted
                playsInline
                preload="metadata"
                poster={videoPoster(p)}
              />
            </section>
          )}
          {slides.length > 0 && (
            <section className={styles.section} aria-labelledby={`${titleId}-photos`}>
              <h2 id={`${titleId}-photos`} className={styles.sectionTitle}>
                {t('photos')}
              </h2>
              <ul className={styles.photoGrid}>
                {slides.map((s, i) => (
                  <li key={s.src}>
                    {onOpenPhoto ? (
                      <button
                        type="button"
                        className={styles.photo}
                        onClick={() => onOpenPhoto(i)}
                        aria-label={s.alt}
                      >
                        <img
                          src={s.src}
                          srcSet={s.srcSet ?? undefined}
                          sizes={s.srcSet ? PICTURE_SIZES.photoThumb : undefined}
                          alt=""
                          loading="lazy"
                        />
                      </button>
                    ) : (
                      <span className={styles.photo}>
                        <img
                          src={s.src}
                          srcSet={s.srcSet ?? undefined}
                          sizes={s.srcSet ? PICTURE_SIZES.photoThumb : undefined}
                          alt={s.alt}
                          loading="lazy"
                        />
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              {slideshow}
            </section>
          )}
          {p.partners.length > 0 && (
            <section className={styles.section} aria-labelledby={`${titleId}-partners`}>
              <h2 id={`${titleId}-partners`} className={styles.sectionTitle}>
                {t('partners')}
              </h2>
              <ul className={styles.partnerLogos}>
                {p.partners.map((partner) => {
                  const logo = partner.image_url ? (
                    <img className={styles.partnerLogo} src={partner.image_url} alt={partner.name} />
                  ) : (
                    <span>{partner.name}</span>
                  );
                  return (
                    <li key={partner.name}>
                      {partner.url ? (
                        <a href={partner.url} target="_blank" rel="noopener noreferrer">
                          {logo}
                        </a>
                      ) : (
                        logo
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </div>
        <aside className={styles.productAside} aria-label={t('details')}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('start')}</dt>
              <dd>
                {formatDate(p.start_date, language)}
                {p.start_time && `, ${p.start_time}`}
              </dd>
            </div>
            {p.type === 'TRIP' && p.end_date && (
              <div>
                <dt>{t('end')}</dt>
                <dd>
                  {formatDate(p.end_date, language)}
                  {p.end_time && `, ${p.end_time}`}
                </dd>
              </div>
            )}
            {p.place && (
              <div>
                <dt>{t('place')}</dt>
                <dd>{p.place}</dd>
              </div>
            )}
            {!announced && (
              <div>
                <dt>{t('price')}</dt>
                <dd className={styles.price} data-testid="product-price">
                  {formatMoney(p.price, language)}
                </dd>
              </div>
            )}
            {(p.contact_email || p.contact_phone) && (
              <div>
                <dt>{t('contact')}</dt>
                <dd>
                  {p.contact_email && <a href={`mailto:${p.contact_email}`}>{p.contact_email}</a>}
                  {p.contact_email && p.contact_phone && <br />}
                  {p.contact_phone && (
                    <a href={`tel:${p.contact_phone.replace(/\s/g, '')}`}>{p.contact_phone}</a>
                  )}
                </dd>
              </div>
            )}
          </dl>
          <div className={styles.asideActions}>{actions}</div>
          {p.files.length > 0 && (
            <div className={styles.files}>
              <h2 className={styles.sectionTitle}>{t('materials')}</h2>
              <ul>
                {p.files.map((file) => (
                  <li key={file.file}>
                    <a
                      className={buttonClass('ghost', 'small')}
                      href={file.file_url}
                      download
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <DownloadIcon /> {file.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </aside>
      </div>
    </article>
  );
}
