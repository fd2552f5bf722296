import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageButtons, usePopup } from '../../components/ui';
import { MenuSheet } from '../../components/ui/menu-sheet';
import { consoleNav, consolePaths, mayOpen } from '../../config/console';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { CloseIcon, ConsoleNavIcon, MenuIcon } from './console-icons';
import styles from './console.module.css';
import { BrandMark } from '../../components/ui/icons';

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('console');
  const { user } = useSession();
  return (
    <ul className={styles.navList}>
      {consoleNav
        .filter((entry) => mayOpen(entry.access, user?.type))
        .map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.end}
              className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
              onClick={onNavigate}
            >
              <ConsoleNavIcon name={entry.icon} />
              <span>{t(entry.label)}</span>
            </NavLink>
          </li>
        ))}
    </ul>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation('console');
  const popup = usePopup();
  return (
    <LanguageButtons
      classes={styles}
      label={t('shell.language')}
      languageLabel={(code) => t(`shell.language_${code}`)}
      onFailure={(error) => void popup.warning(error, t('shell.languageFailed'))}
    />
  );
}

function Who() {
  const { t } = useTranslation('console');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className={styles.who}>
      <span className={styles.whoName}>
        {[user.name, user.surname].filter(Boolean).join(' ') || user.email}
      </span>
      <span className={styles.whoRole}>{t(`roles.${user.type}`)}</span>
    </div>
  );
}

function Brand() {
  const { t } = useTranslation('console');
  return (
    <Link to={consolePaths.home} className={styles.brand}>
      <BrandMark /> {t('shell.brand')}
      <span className={styles.brandSub}>{t('shell.console')}</span>
    </Link>
  );
}

/** Who is signed in, the language and the way out: at the foot of the side bar and of the sheet. */
function ShellFoot({ className }: { className?: string }) {
  const { t } = useTranslation('console');
  return (
    <div className={className}>
      <Who />
      <LanguageSwitch />
      <Link to={paths.logout} className={styles.signOut}>
        {t('shell.signOut')}
      </Link>
    </div>
  );
}

/**
 * The console's shell: a side navigation from `consoleNav` (config/console.ts) on wide screens; on a
 * phone or tablet a top bar whose menu button opens the same navigation in a sheet (Radix Dialog: focus
 * kept inside, Escape and a tap on the dimmed page close it).
 */
export function ConsoleLayout() {
  const { t } = useTranslation('console');
  const [open, setOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // A navigation closes the sheet (also the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the address
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#console-main">
        {t('shell.skip')}
      </a>
      <aside className={styles.side}>
        <Brand />
        <nav aria-label={t('shell.navigation')} className={styles.sideNav}>
          <NavList />
        </nav>
        <ShellFoot className={styles.sideFoot} />
      </aside>
      <header className={styles.topbar}>
        <Brand />
        <button
          ref={burger}
          type="button"
          className={styles.iconButton}
          aria-label={t('shell.openMenu')}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <MenuIcon />
        </button>
      </header>
      <MenuSheet
        open={open}
        onOpenChange={setOpen}
        onClosed={() => burger.current?.focus()}
        title={t('shell.navigation')}
        closeLabel={t('shell.closeMenu')}
        closeIcon={<CloseIcon />}
        classes={styles}
      >
        <nav aria-label={t('shell.navigation')}>
          <NavList onNavigate={() => setOpen(false)} />
        </nav>
        <ShellFoot className={styles.sheetFoot} />
      </MenuSheet>
      <main id="console-main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** A short message in the console's main area (no access, nothing here). */
export function ConsoleNotice({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('console');
  return (
    <section className={styles.notice}>
      <h1 className={styles.noticeTitle}>{title}</h1>
      <p>{text}</p>
      <Link to={consolePaths.home} className={styles.noticeLink}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
