import type { TProduct } from '@club/shared';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, buttonClass, ResponsivePicture } from '../ui';
import { AvailabilityBadge } from './availability-badge';
import { formatDateRange } from './format';
import { PICTURE_SIZES, productPicture } from './picture-sizes';
import styles from './experiences.module.css';

const toText = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent?.trim() ?? '';
};

/**
 * An experience's card as members see it in the lists (features/experiences) and as the console's
 * preview shows it (features/console-experiences): `actions` are the member's buttons, `href` the
 * page's address (null: no link, the preview), `lang` a language other than the page's.
 * `priority`: the first cards are above the fold, their images load at once (LCP).
 */
export function ProductCardView({
  product,
  href,
  actions,
  priority = false,
  lang,
}: {
  product: TProduct;
  href: string | null;
  actions?: ReactNode;
  priority?: boolean;
  lang?: string;
}) {
  const { t, i18n } = useTranslation('experiences', lang ? { lng: lang } : undefined);
  const language = lang ?? i18n.language;
  // Parsing the HTML is the costly part of a card, which renders again on every change of location.
  const description = useMemo(
    () =>
      product.published === 2 && product.ann_description
        ? toText(product.ann_description)
        : toText(product.description),
    [product.published, product.ann_description, product.description],
  );
  return (
    <article
      className={styles.card}
      data-testid="product-card"
      aria-labelledby={`product-${product.id}`}
      lang={lang}
    >
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
          <AvailabilityBadge product={product} lang={lang} />
        </div>
      </div>
      <div className={styles.cardBody}>
        <p className={styles.cardDate}>
          <time dateTime={product.start_date}>
            {formatDateRange(product.start_date, product.type === 'TRIP' ? product.end_date : null, language)}
          </time>
          {product.place && <span> · {product.place}</span>}
        </p>
        <h3 className={styles.cardTitle} id={`product-${product.id}`}>
          {product.is_past || !href ? product.name : <Link to={href}>{product.name}</Link>}
        </h3>
        <p className={styles.cardText}>{description}</p>
        <div className={styles.cardActions}>
          {!product.is_past && href && (
            <Link
              className={buttonClass('ghost', 'small')}
              to={href}
              aria-label={t('detailsOf', { name: product.name })}
            >
              {t('details')}
            </Link>
          )}
          {actions}
        </div>
      </div>
    </article>
  );
}
