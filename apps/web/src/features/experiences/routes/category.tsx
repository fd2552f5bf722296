import { useTranslation } from 'react-i18next';
import { Redirect } from '../../../lib/routing';
import { categorySlug } from '@club/shared/slug';
import { useLocation, useParams } from 'react-router';
import { DataLoadError, PageHeader, ResponsivePicture, Spinner } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useTrackCategoryVisit } from '../../../lib/analytics';
import { decodedPath, findCategoryBySlug, useCategories } from '../api/get-categories';
import { useExperiencesMenu } from '../components/experiences-menu';
import { ProductList } from '../components/product-list';
import styles from '../../../components/experience/experiences.module.css';
import { categoryBanner } from '../../../components/experience/picture-sizes';

/** /experiences/{category}: the category's banner and its experiences; an unknown slug is not found. */
export default function CategoryPage() {
  const { t } = useTranslation('experiences');
  const { category: slug = '' } = useParams();
  const location = useLocation();
  const menu = useExperiencesMenu();
  const categories = useCategories();
  useTrackCategoryVisit(categories.data && findCategoryBySlug(categories.data, slug));
  if (categories.isPending) {
    return (
      <div className={styles.loading} role="status">
        <Spinner />
      </div>
    );
  }
  if (categories.isError) {
    return (
      <div className="container">
        <DataLoadError onRetry={() => void categories.refetch()} />
      </div>
    );
  }
  const category = findCategoryBySlug(categories.data, slug);
  if (!category) return <Redirect to={paths.notFound} replace />;
  // An address in the other language (or spelt otherwise) becomes the member's own one.
  const canonical = paths.experienceCategory(categorySlug(category.name));
  if (decodedPath(location.pathname) !== canonical) {
    return <Redirect to={{ pathname: canonical, search: location.search, hash: location.hash }} replace />;
  }
  return (
    <>
      <ResponsivePicture className={styles.banner} {...categoryBanner(category)} fetchPriority="high" />
      <PageHeader
        eyebrow={t('eyebrow')}
        title={category.name}
        subtitle={category.description}
        items={menu}
        namespace="experiences"
      />
      <div className="container">
        {/* A new category starts again from page 1: the list is keyed by the category. */}
        <ProductList key={category.id} filter={{ categoryId: category.id }} emptyText={t('emptyCategory')} />
      </div>
    </>
  );
}
