import { useTranslation } from 'react-i18next';
import { ConsoleTabs } from '../../../components/console/console-tabs';
import { consolePaths } from '../../../config/console';

/** The event day's screens: the gate, the door list and the check-in lists. */
export function GateTabs() {
  const { t } = useTranslation('console-gate');
  return (
    <ConsoleTabs
      label={t('tabs.label')}
      tabs={[
        { to: consolePaths.gate, label: t('tabs.gate') },
        { to: consolePaths.doorList, label: t('tabs.doorList') },
        { to: consolePaths.checkInLists, label: t('tabs.lists') },
      ]}
    />
  );
}
