import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './kpi-tiles.module.css';

/** A labelled row of key figures; two to a row on a phone. */
export function KpiTiles({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className={className ? `${styles.tiles} ${className}` : styles.tiles}>
      {children}
    </section>
  );
}

/**
 * One key figure: its title (a heading at the screen's level), the figure, an optional line under it
 * and an optional link to where it can be acted on; `warning` turns its rule amber.
 */
export function KpiTile({
  title,
  value,
  detail,
  link,
  tone,
  headingLevel = 2,
}: {
  title: string;
  value: string;
  detail?: string;
  link?: { to: string; label: string };
  tone?: 'warning';
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={tone === 'warning' ? `${styles.tile} ${styles.warning}` : styles.tile}>
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.value}>{value}</p>
      {detail && <p className={styles.detail}>{detail}</p>}
      {link && (
        <Link className={styles.link} to={link.to}>
          {link.label}
        </Link>
      )}
    </div>
  );
}
