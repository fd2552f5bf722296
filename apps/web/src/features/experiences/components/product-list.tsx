import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, DataLoadError, EmptyState } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { type ProductFilter, useProducts } from '../api/get-products';
import { ProductCard } from './product-card';
import styles from '../../../components/experience/experiences.module.css';

/** Experiences of a filter, with 'load more' until the last page. */
export function ProductList({ filter, emptyText }: { filter: ProductFilter; emptyText: string }) {
  const { t } = useTranslation('experiences');
  const query = useProducts(filter);
  const fetchMore = () => void query.fetchNextPage();
  if (query.isPending) {
    // Cards of the real size while the list loads, so that nothing below jumps when it arrives.
    return (
      <div className={styles.grid} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common:state.loading')}</span>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className={styles.skeletonCard} aria-hidden="true">
            <div className={styles.skeletonMedia} />
            <div className={styles.skeletonBody} />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) return <DataLoadError onRetry={() => void query.refetch()} />;
  const products = query.data.pages.flatMap((p) => p.data);
  if (products.length === 0) {
    return (
      <EmptyState>
        <p>{emptyText}</p>
        <Link to={paths.experiences}>{t('browseAll')}</Link>
      </EmptyState>
    );
  }
  return (
    <>
      <div className={styles.grid} data-testid="product-list">
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} priority={index < 3} />
        ))}
      </div>
      {query.isFetchNextPageError && <DataLoadError onRetry={fetchMore} />}
      {query.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={fetchMore} loading={query.isFetchingNextPage}>
            {t('common:actions.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
