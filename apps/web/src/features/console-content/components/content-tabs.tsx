import { useTranslation } from 'react-i18next';
import { ConsoleTabs } from '../../../components/console/console-tabs';
import { consolePaths } from '../../../config/console';

/** The content pages' own navigation: FAQ, about, partners, contact. */
export function ContentTabs() {
  const { t } = useTranslation('console-content');
  return (
    <ConsoleTabs
      label={t('tabs.label')}
      tabs={[
        { to: consolePaths.content, label: t('tabs.faq') },
        { to: consolePaths.contentAbout, label: t('tabs.about') },
        { to: consolePaths.contentPartners, label: t('tabs.partners') },
        { to: consolePaths.contentContact, label: t('tabs.contact') },
      ]}
    />
  );
}
