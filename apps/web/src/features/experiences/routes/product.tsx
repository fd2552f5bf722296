import { PUBLISHED_ANNOUNCED } from '@club/shared/constants';
import { formatMoney } from '@club/shared/money';
import { categorySlug, parseProductParam, productSlug } from '@club/shared/slug';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { Badge, buttonClass, DataLoadError, LoadingOverlay, ResponsivePicture } from '../../../components/ui';
import { LightHtml, useSafeHtml } from '../../../components/ui/light-html';
import { paths } from '../../../config/paths';
import { useTrackProductView } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { decodedPath } from '../api/get-categories';
import { productQueryKey, useProduct } from '../api/get-product';
import { AvailabilityBadge } from '../components/availability-badge';
import { formatDate } from '../components/format';
import { ProductActions } from '../components/product-actions';
import styles from '../components/experiences.module.css';
import { categoryBanner, PICTURE_SIZES, productPicture, videoPoster } from '../components/picture-sizes';

/** Only a path of this app may be a way back (never another site). */
function safePrevRoute(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

// The popup (Radix dialog, focus trap, scroll lock) arrives when a photo is first opened.
const Slideshow = lazy(() =>
  import('../../../components/ui/slideshow').then((m) => ({ default: m.Slideshow })),
);

/** /experiences/{category}/{id}-{slug} (or the id alone, or the alias): one experience. */
export default function ProductPage() {
  const { t, i18n } = useTranslation('experiences');
  const { category: slug = '', product: segment = '' } = useParams();
  const [search] = useSearchParams();
  const key = parseProductParam(segment);
  const query = useProduct(key ? ('id' in key ? key.id : key.alias) : null);
  const [slide, setSlide] = useState<number | null>(null);
  const description = useSafeHtml(query.data?.description);
  // The page waits for its description's sanitiser too (DOMPurify, in its own chunk).
  const pending = query.isPending || (query.isSuccess && description === null);
  // Once opened, the popup stays mounted, so it closes (and gives the focus back) as Radix intends.
  const slideshowUsed = useRef(false);
  if (slide !== null) slideshowUsed.current = true;
  const location = useLocation();
  const queryClient = useQueryClient();
  // Any address the panel ever made (the other language's category, the alias, an old name) opens,
  // then becomes the canonical one of the member's language; the view is counted there, once.
  const canonical = query.data
    ? paths.experience(categorySlug(query.data.category.name), query.data.id, productSlug(query.data.name))
    : null;
  const moved = canonical !== null && decodedPath(location.pathname) !== canonical;
  useTrackProductView(moved ? undefined : query.data);

  if (!key) return <Navigate to={paths.notFound} replace />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (moved && query.data && canonical) {
    // The product is in hand: the canonical address (by id) need not fetch it again.
    queryClient.setQueryData(productQueryKey(query.data.id), query.data);
    return <Navigate to={{ pathname: canonical, search: location.search, hash: location.hash }} replace />;
  }
  const back =
    safePrevRoute(search.get('prevRoute')) ??
    paths.experienceCategory(query.data ? categorySlug(query.data.category.name) : slug);

  return (
    <div className={styles.productPage}>
      <div className="container">
        <Link to={back} className={styles.back}>
          ← {t('back')}
        </Link>
      </div>
      {pending && (
        <LoadingOverlay active>
          {/* About the height of a product page, so the footer does not jump when it arrives. */}
          <div style={{ minHeight: 'min(1400px, 160vh)' }} />
        </LoadingOverlay>
      )}
      {query.isError && (
        <div className="container">
          <DataLoadError onRetry={() => void query.refetch()} />
        </div>
      )}
      {query.data &&
        !pending &&
        (() => {
          const p = query.data;
          const announced = p.published === PUBLISHED_ANNOUNCED;
          const slides = p.images.map((image, i) => ({
            src: image.file_url,
            srcSet: image.srcset,
            alt: t('photoOf', { name: p.name, number: i + 1 }),
          }));
          return (
            <article aria-labelledby="product-title">
              <ResponsivePicture
                className={styles.banner}
                {...categoryBanner(p.category)}
                fetchPriority="high"
              />
              <header className={`container ${styles.productHeader}`}>
                <div className={styles.cardBadges}>
                  <Badge tone="gold">{p.category.name}</Badge>
                  {announced && <Badge>{t('announced')}</Badge>}
                  {p.is_past && <Badge>{t('past')}</Badge>}
                  <AvailabilityBadge product={p} />
                </div>
                <h1 id="product-title" className={styles.productTitle}>
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
                  {announced && p.ann_description && (
                    <p className={styles.announcement} role="note">
                      {p.ann_description}
                    </p>
                  )}
                  <LightHtml html={description} className={styles.prose} />
                  {p.video_url && (
                    <section className={styles.section} aria-labelledby="video-title">
                      <h2 id="video-title" className={styles.sectionTitle}>
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
                    <section className={styles.section} aria-labelledby="photos-title">
                      <h2 id="photos-title" className={styles.sectionTitle}>
                        {t('photos')}
                      </h2>
                      <ul className={styles.photoGrid}>
                        {slides.map((s, i) => (
                          <li key={s.src}>
                            <button
                              type="button"
                              className={styles.photo}
                              onClick={() => setSlide(i)}
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
                          </li>
                        ))}
                      </ul>
                      {slideshowUsed.current && (
                        <Suspense fallback={null}>
                          <Slideshow
                            open={slide !== null}
                            onOpenChange={(o) => !o && setSlide(null)}
                            title={p.name}
                            slides={slides}
                            startIndex={slide ?? 0}
                          />
                        </Suspense>
                      )}
                    </section>
                  )}
                  {p.partners.length > 0 && (
                    <section className={styles.section} aria-labelledby="partners-title">
                      <h2 id="partners-title" className={styles.sectionTitle}>
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
                        {formatDate(p.start_date, i18n.language)}
                        {p.start_time && `, ${p.start_time}`}
                      </dd>
                    </div>
                    {p.type === 'TRIP' && p.end_date && (
                      <div>
                        <dt>{t('end')}</dt>
                        <dd>
                          {formatDate(p.end_date, i18n.language)}
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
                          {formatMoney(p.price, i18n.language)}
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
                  <div className={styles.asideActions}>
                    <ProductActions product={p} detailed />
                  </div>
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
                              ↓ {file.name}
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
        })()}
    </div>
  );
}
