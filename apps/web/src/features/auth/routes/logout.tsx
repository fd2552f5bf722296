import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicCard, PublicNotice, Spinner } from '../../../components/ui';
import { siteHomeUrl } from '../../../lib/site-config';
import { useSession } from '../../../lib/session';
import { forgetGateSession } from '../../../lib/gate-session';
import { logout } from '../api/auth';
import styles from '../components/auth.module.css';

/** SPEC.md §4: clears the user, resets the language to Polish and goes to the site home. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const { clear } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    let done = false;
    logout()
      .catch(() => {})
      .finally(() => {
        if (done) return;
        done = true;
        clear();
        forgetGateSession();
        queryClient.clear();
        window.location.assign(siteHomeUrl());
      });
  }, [clear, queryClient]);
  return (
    <PublicCard languageSwitch={false}>
      <PublicNotice>
        <Spinner />
        <p role="status" className={styles.message}>
          {t('logout.inProgress')}
        </p>
      </PublicNotice>
    </PublicCard>
  );
}
