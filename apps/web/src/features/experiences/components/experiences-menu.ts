import { categorySlug } from '@club/shared/slug';
import type { SubmenuItem } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useCategories } from '../api/get-categories';

/** The page header's sub-menu (SPEC.md §2): 'Selected for you' plus one entry per category. */
export function useExperiencesMenu(): SubmenuItem[] {
  const { data = [] } = useCategories();
  return [
    { to: paths.experiences, name: 'selectedForYou', end: true },
    ...data.map((c) => ({
      to: paths.experienceCategory(categorySlug(c.name)),
      name: c.name,
      translate: false,
    })),
  ];
}
