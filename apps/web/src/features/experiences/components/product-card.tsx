import type { TProduct } from '@club/shared';
import { categorySlug, productSlug } from '@club/shared/slug';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Badge, buttonClass, ResponsivePicture } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { AvailabilityBadge } from './availability-badge';
import { formatDateRange } from './format';
import { PICTURE_SIZES, productPicture } from './picture-sizes';
import { ProductActions } from './product-actions';
import styles from './experiences.module.css';

/** The path of an experience's page; `prevRoute` brings the member back where they came from. */
export function productPath(product: Pick<TProduct, 'id' | 'name' | 'category'>, prevRoute?: string): string {
  const path = paths.experience(categorySlug(product.category.name), product.id, productSlug(product.name));
  return prevRoute ? `${path}?prevRoute=${encodeURIComponent(prevRoute)}` : path;
}

const toText = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent?.trim() ?? '';
};

/** `priority`: the first cards are above the fold, their images load at once (LCP). */
export function ProductCard({ product, priority = false }: { product: TProduct; priority?: boolean }) {
  const { t, i18n } = useTranslation('experiences');
  const location = useLocation();
  const href = productPath(product, `${location.pathname}${location.search}`);
  // Parsing the HTML is the costly part of a card, which renders again on every change of location.
  const description = useMemo(
    () =>
      product.published === 2 && product.ann_description
        ? product.ann_description
        : toText(product.description),
    [product.published, product.ann_description, product.description],
  );
  return (
    <article className={styles.card} data-testid="product-card" aria-labelledby={`product-${product.id}`}>
      <div className={styles.cardMedia}>
        <ResponsivePicture
          {...productPicture(product, PICTURE_SIZES.card, PICTURE_SIZES.cardPhone)}
          width={640}
          height={360}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        <div className={styles.cardBadges}>
          <Badge tone="gold">{product.category.name}</Badge>
          {product.published === 2 && <Badge>{t('announced')}</Badge>}
          {product.is_past && <Badge>{t('past')}</Badge>}
          <AvailabilityBadge product={product} />
        </div>
      </div>
      <div className={styles.cardBody}>
        <p className={styles.cardDate}>
          <time dateTime={product.start_date}>
            {formatDateRange(
              product.start_date,
              product.type === 'TRIP' ? product.end_date : null,
              i18n.language,
            )}
          </time>
          {product.place && <span> · {product.place}</span>}
        </p>
        <h3 className={styles.cardTitle} id={`product-${product.id}`}>
          {product.is_past ? product.name : <Link to={href}>{product.name}</Link>}
        </h3>
        <p className={styles.cardText}>{description}</p>
        <div className={styles.cardActions}>
          {!product.is_past && (
            <Link
              className={buttonClass('ghost', 'small')}
              to={href}
              aria-label={t('detailsOf', { name: product.name })}
            >
              {t('details')}
            </Link>
          )}
          <ProductActions product={product} />
        </div>
      </div>
    </article>
  );
}
