import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass, DataLoadError, PublicCard, PublicNotice, Spinner } from '../../../components/ui';
import { paths } from '../../../config/paths';
import type { TokenPage } from '../hooks/use-token-page';
import styles from './dealers.module.css';

/** Every state of a link page but the form itself: loading, a bad link, a failed load. */
export function TokenPageStatus({
  page,
  title,
  testId,
}: {
  page: Exclude<TokenPage<unknown>, { state: 'ready' }>;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation('dealers');
  if (page.state === 'loading') {
    return (
      <PublicCard title={title}>
        <div className={styles.centered} data-testid={`${testId}-loading`}>
          <Spinner />
        </div>
      </PublicCard>
    );
  }
  if (page.state === 'failed') {
    return (
      <PublicCard title={title}>
        <DataLoadError onRetry={page.retry} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('agreements.invalidTitle')}>
      <PublicNotice>
        <p role="alert">
          {page.state === 'missing' ? t('agreements.missingToken') : t('agreements.invalid')}
        </p>
        <Link to={paths.login} className={buttonClass('secondary')}>
          {t('agreements.toLogin')}
        </Link>
      </PublicNotice>
    </PublicCard>
  );
}
