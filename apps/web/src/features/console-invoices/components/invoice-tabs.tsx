import { useTranslation } from 'react-i18next';
import { ConsoleTabs } from '../../../components/console/console-tabs';
import { consolePaths } from '../../../config/console';

/** The invoices' two lists: the requests waiting, and the issued invoices. */
export function InvoiceTabs() {
  const { t } = useTranslation('console-invoices');
  return (
    <ConsoleTabs
      label={t('tabs.label')}
      tabs={[
        { to: consolePaths.invoices, label: t('tabs.requests') },
        { to: consolePaths.invoicesIssued, label: t('tabs.issued') },
      ]}
    />
  );
}
