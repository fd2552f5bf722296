import { REDIRECT_DELAY_MS } from '@club/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicCard, PublicNotice, Spinner } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { siteHomeRoute, siteHomeUrl } from '../../../lib/site-config';
import { useSession } from '../../../lib/session';
import { offlineGateSession, setTrustedOffline } from '../../../lib/gate-session';
import { ApiError } from '../../../lib/api-client';
import { getLanguages, getMe, takeEarlySession } from '../api/auth';
import styles from '../components/auth.module.css';

const delay = () => new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));

/**
 * SPEC.md §4: loads the user, stores it, sets the language, loads the languages and after 1 s goes
 * to nextRoute (default /). No user or a failed call sends the visitor to the site home after 1 s.
 */
export default function SplashPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { setUser, setLanguages } = useSession();
  const nextRoute = params.get('nextRoute');
  const target = nextRoute?.startsWith('/') && !nextRoute.startsWith('//') ? nextRoute : paths.root;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        // On a first load both calls went out with the app's code (app/boot.ts).
        const early = takeEarlySession();
        const user = await (early?.me ?? getMe());
        if (!user?.id) throw new Error('no user');
        setUser(user);
        const languages = await (early?.languages ?? getLanguages()).catch(() => []);
        setLanguages(languages);
        await delay();
        // Staff work in the console (config/console.ts); members' pages are not theirs.
        const staff = user.type === 'OPERATOR' || user.type === 'ADMIN';
        if (!cancelled)
          navigate(staff && !target.startsWith('/admin') ? '/admin' : target, { replace: true });
      } catch (error) {
        // Without network, the gate (and only the gate) starts on the staff member it remembers
        // (lib/gate-session.ts); it asks the server again when the network returns.
        const remembered =
          error instanceof ApiError && error.code === 'NETWORK' ? offlineGateSession(target) : null;
        if (remembered) {
          setTrustedOffline(true);
          setUser(remembered);
          if (!cancelled) navigate(target, { replace: true });
          return;
        }
        await delay();
        if (!cancelled) {
          // The site home (SITE_HOME_URL); on the app's sign-in page, back to the target afterwards.
          const home = siteHomeRoute();
          if (home === null) window.location.assign(siteHomeUrl());
          else if (home !== paths.login || target === paths.root) navigate(home, { replace: true });
          else navigate(`${paths.login}?nextRoute=${encodeURIComponent(target)}`, { replace: true });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, setLanguages, setUser, target]);

  return (
    <PublicCard languageSwitch={false}>
      <PublicNotice testId="splash">
        <Spinner size="normal" />
        <p className={styles.message}>{t('splash.loading')}</p>
      </PublicNotice>
    </PublicCard>
  );
}
