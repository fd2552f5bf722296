import type { TProduct } from '@club/shared';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/experience/experiences.module.css';
import { formatClubDateTime } from '../../../lib/club-time';

/**
 * "A seat is held for you until …": the waiting list freed a seat of a sold-out experience for this
 * member (docs/waiting-list.md); they may book it although everyone else sees it sold out.
 */
export function HeldSeatNotice({ product }: { product: Pick<TProduct, 'held_until'> }) {
  const { t, i18n } = useTranslation('experiences');
  if (!product.held_until) return null;
  return (
    <p className={styles.heldSeat} role="status" data-testid="held-seat">
      {t('heldSeat', { until: formatClubDateTime(product.held_until, i18n.language, 'long') })}
    </p>
  );
}
