import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { documents, paths } from '../../config/paths';
import { LanguageButtons, MAIN_MENU_COLLAPSED_EVENT, usePopup } from '../../components/ui';
import { useIsCustomer, useIsDealer, useSession } from '../../lib/session';
import { legalNoteUrl, testPayments } from '../../lib/site-config';
import { useCartCount } from '../../features/cart/api/get-cart-items';
import { FooterConsentLink } from './footer-consent-link';
import { requestAccountMenuOpen } from './account-menu-request';
import { BasketIcon, HomeIcon, MenuIcon, UserIcon } from './icons';
import styles from './app-layout.module.css';
import { BrandMark } from '../../components/ui/icons';

const topMenu = [
  { to: paths.excellenceClub, key: 'menu.excellenceClub' },
  { to: paths.experiences, key: 'menu.experiences' },
  { to: paths.gallery, key: 'menu.gallery' },
  { to: paths.partners, key: 'menu.partners' },
  { to: paths.faq, key: 'menu.faq' },
  { to: paths.contact, key: 'menu.contact' },
];

function CartLink() {
  const { t } = useTranslation();
  const count = useCartCount();
  return (
    <Link to={paths.cart} className={styles.iconButton} aria-label={t('menu.cartWithCount', { count })}>
      <BasketIcon />
      {count > 0 && (
        <span className={styles.count} aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const popup = usePopup();
  return (
    <LanguageButtons
      classes={styles}
      label={t('menu.language')}
      languageLabel={(code) => t(`language.${code}`)}
      onFailure={(error) => void popup.warning(error, t('language.changeFailed'), t('popup.warning'))}
    />
  );
}

/**
 * The account menu (Radix dropdown, popper, scroll lock: some 30 KB) arrives in its own chunk, fetched
 * only when the member shows intent (pointer over the trigger, focus, touch). Until the member presses
 * it, the stand-in stays the one trigger: the real menu takes its place only on that press (pointer
 * down, or Enter/Space), and mounts open (account-menu-request.ts). Nothing is swapped under a pointer
 * that is about to press, so a press is never lost between two buttons; with the chunk already there
 * (fetched on hover) the swap is immediate.
 */
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(loadAccountMenu);
const preloadAccountMenu = () => {
  loadAccountMenu().catch(() => {});
};

/** Exported for its unit test (app-layout.test.tsx). */
export function AccountMenuSlot() {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  const press = (by: 'pointer' | 'keyboard') => {
    requestAccountMenuOpen(by);
    setPressed(true);
  };
  const standIn = (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={t('menu.account')}
      aria-haspopup="menu"
      onPointerEnter={preloadAccountMenu}
      onTouchStart={preloadAccountMenu}
      onFocus={preloadAccountMenu}
      onPointerDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) press('pointer');
      }}
      // Keyboard (Enter, Space): a click without a pointer press before it.
      onClick={(e) => {
        if (e.detail === 0) press('keyboard');
      }}
    >
      <UserIcon />
    </button>
  );
  if (!pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AccountMenu />
    </Suspense>
  );
}

function Footer() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const isDealer = useIsDealer();
  const legalNote = legalNoteUrl(i18n.language);
  return (
    <footer className={styles.footer}>
      <div className="container">
        <div className={styles.footerGrid}>
          <ul className={styles.footerLinks}>
            {isDealer && !user?.has_bonus && (
              <li>
                <Link to={paths.bonus}>{t('footer.bonus')}</Link>
              </li>
            )}
            {isDealer && (
              <>
                <li>
                  <Link to={paths.customerRegister}>{t('footer.customerRegistration')}</Link>
                </li>
                <li>
                  <Link to={paths.customers}>{t('footer.customers')}</Link>
                </li>
              </>
            )}
            <li>
              <Link to={`${paths.cookiesPolicy}?lang=${i18n.language}`}>{t('footer.cookiesPolicy')}</Link>
            </li>
            <FooterConsentLink />
            <li>
              <a href={legalNote} target="_blank" rel="noopener noreferrer">
                {t('footer.legalNote')} <span className="visually-hidden">{t('footer.newTab')}</span>
              </a>
            </li>
            <li>
              <a href={documents.privacyPolicy} target="_blank" rel="noopener noreferrer">
                {t('footer.privacyPolicy')} (PDF){' '}
                <span className="visually-hidden">{t('footer.newTab')}</span>
              </a>
            </li>
            <li>
              <a href={documents.statute} target="_blank" rel="noopener noreferrer">
                {t('footer.statute')} (PDF) <span className="visually-hidden">{t('footer.newTab')}</span>
              </a>
            </li>
          </ul>
        </div>
        <p className={styles.rights}>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

const loadMainMenuSheet = () => import('./main-menu-sheet');
const MainMenuSheet = lazy(loadMainMenuSheet);
const preloadMainMenuSheet = () => {
  loadMainMenuSheet().catch(() => {});
};

/** The top menu of SPEC.md §2: inline on a wide screen, inside the sheet on a narrow one. */
function MainMenuList({ inSheet = false, onNavigate }: { inSheet?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    [inSheet ? styles.sheetLink : styles.navLink, isActive ? styles.navLinkActive : ''].join(' ');
  return (
    <ul className={inSheet ? styles.sheetList : styles.navList}>
      <li>
        <NavLink
          to={paths.home}
          className={linkClass}
          // The wide bar shows the icon alone; the sheet names it beside the icon.
          aria-label={inSheet ? undefined : t('menu.home')}
          title={inSheet ? undefined : t('menu.home')}
          onClick={onNavigate}
        >
          <HomeIcon />
          {inSheet && t('menu.home')}
        </NavLink>
      </li>
      {topMenu.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClass} onClick={onNavigate}>
            {t(item.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in shell: top menu, account menu, cart (customers), language switch, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const isCustomer = useIsCustomer();
  const [menuOpen, setMenuOpen] = useState(false);
  // Once opened the sheet stays mounted (closed), so that Radix can hand the focus back.
  const [sheetUsed, setSheetUsed] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // Closed by choosing a page: the new page takes the focus, not the burger.
  const navigated = useRef(false);
  const location = useLocation();

  // The main menu collapses on navigation; the page header's sub-menu closes with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: collapse on every route change
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!menuOpen) window.dispatchEvent(new Event(MAIN_MENU_COLLAPSED_EVENT));
  }, [menuOpen]);

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      {testPayments() && (
        <p className={styles.testRibbon} role="note">
          {t('testPayments')}
        </p>
      )}
      <header className={styles.topbar} data-top-bar="">
        <div className={`container ${styles.bar}`}>
          <Link to={paths.home} className={styles.logo} aria-label={t('brand')}>
            <span className={styles.logoMark} aria-hidden="true">
              <BrandMark />
            </span>
            <span className={styles.logoText}>{t('brand')}</span>
          </Link>
          <nav className={styles.nav} aria-label={t('menu.main')}>
            <MainMenuList />
          </nav>
          <div className={styles.actions}>
            <LanguageSwitch />
            {isCustomer && <CartLink />}
            <AccountMenuSlot />
            <button
              ref={burger}
              type="button"
              className={`${styles.iconButton} ${styles.burger}`}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-label={t('menu.open')}
              onPointerEnter={preloadMainMenuSheet}
              onTouchStart={preloadMainMenuSheet}
              onFocus={preloadMainMenuSheet}
              onClick={() => {
                navigated.current = false;
                setSheetUsed(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </button>
          </div>
        </div>
      </header>
      {sheetUsed && (
        <Suspense fallback={null}>
          <MainMenuSheet
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onClosed={() => {
              if (!navigated.current) burger.current?.focus();
            }}
          >
            <MainMenuList
              inSheet
              onNavigate={() => {
                navigated.current = true;
                setMenuOpen(false);
              }}
            />
          </MainMenuSheet>
        </Suspense>
      )}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
