import type { TProduct } from '@club/shared';
import { productAction } from '@club/shared/availability';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass, usePopup } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { trackCartAdd } from '../../../lib/analytics';
import { useIsCustomer } from '../../../lib/session';
import { useAddNotification } from '../api/add-notification';
import { useAddToCart } from '../api/add-to-cart';
import styles from './experiences.module.css';

const LimitTooltip = lazy(() => import('./limit-tooltip'));

/**
 * The one action of SPEC.md §4 for an experience: gallery (past), notify when published (announced),
 * add to cart, join the waiting list or 'notification is set'. Only customers order or ask to be notified.
 */
export function ProductActions({ product, detailed = false }: { product: TProduct; detailed?: boolean }) {
  const { t } = useTranslation('experiences');
  const isCustomer = useIsCustomer();
  const popup = usePopup();
  const addToCart = useAddToCart();
  const addNotification = useAddNotification();
  const [added, setAdded] = useState(false);
  const [notified, setNotified] = useState(false);
  const flags = {
    ...product,
    can_order: product.can_order && !added,
    is_set_notification: product.is_set_notification || notified,
  };
  const action = productAction(flags);

  const order = async () => {
    try {
      await addToCart.mutateAsync(product.id);
      setAdded(true);
      void trackCartAdd(product);
    } catch {
      await popup.warning(undefined, t('addToCartFailed'));
    }
  };
  const notify = async () => {
    try {
      await addNotification.mutateAsync(product.id);
      setNotified(true);
    } catch {
      await popup.warning(undefined, t('notificationFailed'));
    }
  };

  if (action.kind === 'gallery') {
    if (!action.enabled || product.gallery_id === null) return null;
    return (
      <Link
        className={buttonClass('secondary', 'small')}
        to={`${paths.gallery}?gallery=${product.gallery_id}`}
      >
        {t('viewGallery')}
      </Link>
    );
  }
  if (!isCustomer) return null;
  if (action.kind === 'order') {
    return (
      <Button size="small" onClick={order} loading={addToCart.isPending}>
        {t('addToCart')}
      </Button>
    );
  }
  if (action.kind === 'notify-when-published' || action.kind === 'waiting-list') {
    if (action.set) {
      return (
        <Button size="small" variant="secondary" disabled>
          {t('notificationSet')}
        </Button>
      );
    }
    if (action.kind === 'notify-when-published' && !action.allowed) return null;
    return (
      <Button size="small" variant="secondary" onClick={notify} loading={addNotification.isPending}>
        {action.kind === 'waiting-list' ? t('joinWaitingList') : t('notifyWhenPublished')}
      </Button>
    );
  }
  // Seats left but no order possible: in the cart already or the member's limit reached.
  if (added) {
    return (
      <Link className={buttonClass('secondary', 'small')} to={paths.cart}>
        {t('inCart')}
      </Link>
    );
  }
  if (!product.overall_limit || !detailed) return null;
  // A disabled button takes no focus: the wrapper carries the tooltip for keyboard users.
  const disabled = (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip must be reachable by keyboard
    <span tabIndex={0} className={styles.tooltipTrigger}>
      <Button size="small" disabled>
        {t('addToCart')}
      </Button>
    </span>
  );
  return (
    <Suspense fallback={disabled}>
      <LimitTooltip text={`${t('cannotOrder')} ${t('limitInfo', { count: product.limit })}`}>
        {disabled}
      </LimitTooltip>
    </Suspense>
  );
}
