import { NavLink } from 'react-router';
import styles from './console-ui.module.css';

/**
 * A console area's own pages as tabs (the content pages; the invoices' two lists): links, so each tab
 * has its address and the current one says so (`aria-current`).
 */
export function ConsoleTabs({ label, tabs }: { label: string; tabs: { to: string; label: string }[] }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end className={styles.tab}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
