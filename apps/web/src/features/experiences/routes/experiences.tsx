import { categorySlug } from '@club/shared/slug';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataLoadError, PageHeader, TitledSection, type SectionLook } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useCategories } from '../api/get-categories';
import { useExperiencesMenu } from '../components/experiences-menu';
import { ProductList } from '../components/product-list';
import styles from '../../../components/experience/experiences.module.css';
import { PICTURE_SIZES } from '../../../components/experience/picture-sizes';
import { ArrowRightIcon } from '../../../components/ui/icons';

/** The page's two lists (the categories, the ones chosen for you) are titled alike. */
const sectionLook: SectionLook = { section: styles.section, title: styles.sectionTitle };

/** /experiences: 'Selected for you', the categories overview and the experiences chosen for the member. */
export default function ExperiencesPage() {
  const { t } = useTranslation('experiences');
  const menu = useExperiencesMenu();
  const categories = useCategories();
  return (
    <>
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('selectedForYou')}
        subtitle={t('selectedIntro')}
        items={menu}
        namespace="experiences"
      />
      <div className="container">
        <TitledSection id="categories-title" title={t('categoriesTitle')} look={sectionLook}>
          {categories.isPending && (
            // Four cards of the real size while the categories load: nothing below moves.
            <ul className={styles.categories} role="status" aria-busy="true">
              <li className="visually-hidden">{t('common:state.loading')}</li>
              {[1, 2, 3, 4].map((n) => (
                <li key={n} className={styles.category} aria-hidden="true">
                  <div className={styles.skeletonMedia} style={{ aspectRatio: '3 / 2' }} />
                  <div className={styles.categorySkeletonBody} />
                </li>
              ))}
            </ul>
          )}
          {categories.isError && <DataLoadError onRetry={() => void categories.refetch()} />}
          {categories.data && (
            <ul className={styles.categories}>
              {categories.data.map((category) => (
                <li key={category.id} className={styles.category}>
                  {category.image_url && (
                    <img
                      src={category.image_url}
                      srcSet={category.image_srcset ?? undefined}
                      sizes={category.image_srcset ? PICTURE_SIZES.categoryTile : undefined}
                      alt=""
                      width={600}
                      height={400}
                      fetchPriority="high"
                    />
                  )}
                  <div className={styles.categoryBody}>
                    <h3>{category.name}</h3>
                    <p>{category.description}</p>
                    <Link
                      to={paths.experienceCategory(categorySlug(category.name))}
                      aria-label={t('moreAbout', { name: category.name })}
                    >
                      {t('more')} <ArrowRightIcon />
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </TitledSection>
        <TitledSection id="selected-title" title={t('chosenForYou')} look={sectionLook}>
          <ProductList filter={{ forUser: true }} emptyText={t('emptySelected')} />
        </TitledSection>
      </div>
    </>
  );
}
