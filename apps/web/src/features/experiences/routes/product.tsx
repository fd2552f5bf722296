import { categorySlug, parseProductParam, productSlug } from '@club/shared/slug';
import { Redirect } from '../../../lib/routing';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { DataLoadError, LoadingOverlay } from '../../../components/ui';
import { useSafeHtml } from '../../../components/ui/light-html';
import { paths } from '../../../config/paths';
import { useTrackProductView } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { decodedPath } from '../api/get-categories';
import { productQueryKey, useProduct } from '../api/get-product';
import { ProductActions } from '../components/product-actions';
import { ProductView, productSlides } from '../../../components/experience/product-view';
import styles from '../../../components/experience/experiences.module.css';
import { ArrowLeftIcon } from '../../../components/ui/icons';

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
  const { t } = useTranslation('experiences');
  const { category: slug = '', product: segment = '' } = useParams();
  const [search] = useSearchParams();
  const key = parseProductParam(segment);
  const query = useProduct(key ? ('id' in key ? key.id : key.alias) : null);
  const [slide, setSlide] = useState<number | null>(null);
  const description = useSafeHtml(query.data?.description);
  // The announcement is rich text from the console's editor too: sanitised, never shown as tags.
  const announcement = useSafeHtml(query.data?.ann_description);
  // The page waits for its description's sanitiser too (DOMPurify, in its own chunk).
  const pending = query.isPending || (query.isSuccess && (description === null || announcement === null));
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

  if (!key) return <Redirect to={paths.notFound} replace />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <Redirect to={paths.notFound} replace />;
  }
  if (moved && query.data && canonical) {
    // The product is in hand: the canonical address (by id) need not fetch it again. Seeded once: a
    // second write would touch the cache this very render reads, and re-render it before the move.
    if (queryClient.getQueryData(productQueryKey(query.data.id)) === undefined) {
      queryClient.setQueryData(productQueryKey(query.data.id), query.data);
    }
    return <Redirect to={{ pathname: canonical, search: location.search, hash: location.hash }} replace />;
  }
  const back =
    safePrevRoute(search.get('prevRoute')) ??
    paths.experienceCategory(query.data ? categorySlug(query.data.category.name) : slug);

  return (
    <div className={styles.productPage}>
      <div className="container">
        <Link to={back} className={styles.back}>
          <ArrowLeftIcon /> {t('back')}
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
      {query.data && !pending && (
        <ProductView
          product={query.data}
          description={description}
          announcement={announcement}
          actions={<ProductActions product={query.data} detailed />}
          onOpenPhoto={setSlide}
          slideshow={
            slideshowUsed.current && (
              <Suspense fallback={null}>
                <Slideshow
                  open={slide !== null}
                  onOpenChange={(o) => !o && setSlide(null)}
                  title={query.data.name}
                  slides={productSlides(query.data, t)}
                  startIndex={slide ?? 0}
                />
              </Suspense>
            )
          }
        />
      )}
    </div>
  );
}
