import type { TProduct } from '@club/shared';
import { categorySlug, productSlug } from '@club/shared/slug';
import { useLocation } from 'react-router';
import { ProductCardView } from '../../../components/experience/product-card-view';
import { paths } from '../../../config/paths';
import { ProductActions } from './product-actions';

/** The path of an experience's page; `prevRoute` brings the member back where they came from. */
export function productPath(product: Pick<TProduct, 'id' | 'name' | 'category'>, prevRoute?: string): string {
  const path = paths.experience(categorySlug(product.category.name), product.id, productSlug(product.name));
  return prevRoute ? `${path}?prevRoute=${encodeURIComponent(prevRoute)}` : path;
}

/** `priority`: the first cards are above the fold, their images load at once (LCP). */
export function ProductCard({ product, priority = false }: { product: TProduct; priority?: boolean }) {
  const location = useLocation();
  return (
    <ProductCardView
      product={product}
      priority={priority}
      href={productPath(product, `${location.pathname}${location.search}`)}
      actions={<ProductActions product={product} />}
    />
  );
}
