import { type CSSProperties, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUserType } from '../../lib/session';
import styles from './page-header.module.css';

export type SubmenuItem = {
  to: string;
  /** A translation key (in `namespace`) unless `translate` is false. */
  name: string;
  icon?: ReactNode;
  /** Lower-case user types allowed to see it; empty or absent = everyone (SPEC.md §2). */
  permissions?: string[];
  translate?: boolean;
  end?: boolean;
};

/** Fired by the layout whenever the main menu collapses; the open sub-menu closes with it. */
export const MAIN_MENU_COLLAPSED_EVENT = 'club:main-menu-collapsed';

/** The layout's top bar carries this attribute: the open phone sub-menu starts below it. */
const TOP_BAR_ATTRIBUTE = 'data-top-bar';

export function visibleItems(items: SubmenuItem[], userType: string | null): SubmenuItem[] {
  return items.filter(
    (item) => !item.permissions?.length || (userType !== null && item.permissions.includes(userType)),
  );
}

export function PageHeader({
  title,
  subtitle,
  eyebrow,
  items = [],
  namespace = 'common',
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  items?: SubmenuItem[];
  namespace?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const userType = useUserType();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const shown = visibleItems(items, userType);

  // An open mobile sub-menu locks page scroll.
  useEffect(() => {
    document.body.classList.toggle('scroll-locked', open);
    return () => document.body.classList.remove('scroll-locked');
  }, [open]);

  // Open, the sub-menu starts where the top bar ends (issue 28): the bar sits lower than its height
  // while the test-payments ribbon above it is on screen, and the menu must not cover its controls.
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (!open) return;
    const measure = () => {
      const bar = document.querySelector(`[${TOP_BAR_ATTRIBUTE}]`);
      setTop(bar ? Math.max(0, Math.ceil(bar.getBoundingClientRect().bottom)) : null);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [open]);

  useEffect(() => {
    const close = () => setOpen(false);
    window.addEventListener(MAIN_MENU_COLLAPSED_EVENT, close);
    return () => window.removeEventListener(MAIN_MENU_COLLAPSED_EVENT, close);
  }, []);

  return (
    <header className={styles.header}>
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
        {shown.length > 0 && (
          <nav
            className={[styles.subnav, open ? styles.open : ''].join(' ')}
            aria-label={t('menu.submenu', { ns: 'common' })}
            style={open && top !== null ? ({ '--subnav-top': `${top}px` } as CSSProperties) : undefined}
          >
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t('menu.closeSubmenu', { ns: 'common' }) : t('menu.openSubmenu', { ns: 'common' })}
              <svg className={styles.chevron} width="12" height="8" viewBox="0 0 12 8" aria-hidden="true">
                <path d="M1 1.5 6 6.5l5-5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </button>
            <ul className={styles.list} id={listId}>
              {shown.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
                    onClick={() => setOpen(false)}
                  >
                    {item.icon}
                    {item.translate === false ? item.name : t(item.name)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
