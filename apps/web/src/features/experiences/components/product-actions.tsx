import type { TProduct } from '@club/shared';
import { productAction } from '@club/shared/availability';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass, usePopup } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { trackCartAdd } from '../../../lib/analytics';
import { useIsCustomer } from '../../../lib/session';
import { useAddNotification } from '../api/add-notification';
import { useAddToCart } from '../api/add-to-cart';
import { HeldSeatNotice } from './held-seat';
import { OrderReason } from './order-reason';

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
    in_cart: product.in_cart || added,
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

  let button: ReactNode = null;
  if (action.kind === 'gallery') {
    if (action.enabled && product.gallery_id !== null) {
      button = (
        <Link
          className={buttonClass('secondary', 'small')}
          to={`${paths.gallery}?gallery=${product.gallery_id}`}
        >
          {t('viewGallery')}
        </Link>
      );
    }
  } else if (!isCustomer) {
    return null;
  } else if (action.kind === 'order') {
    button = (
      <Button size="small" onClick={order} loading={addToCart.isPending}>
        {t('addToCart')}
      </Button>
    );
  } else if (action.kind === 'notify-when-published' || action.kind === 'waiting-list') {
    if (action.set) {
      button = (
        <Button size="small" variant="secondary" disabled>
          {t('notificationSet')}
        </Button>
      );
    } else if (action.kind === 'waiting-list' || action.allowed) {
      button = (
        <Button size="small" variant="secondary" onClick={notify} loading={addNotification.isPending}>
          {action.kind === 'waiting-list' ? t('joinWaitingList') : t('notifyWhenPublished')}
        </Button>
      );
    }
  } else if (flags.in_cart) {
    // Already in the cart (the server's in_cart, or just added here): say so, with the way there.
    button = (
      <Link className={buttonClass('secondary', 'small')} to={paths.cart}>
        {t('inCart')}
      </Link>
    );
  }
  const held = isCustomer && <HeldSeatNotice product={product} />;
  if (!detailed)
    return (
      <>
        {held}
        {button}
      </>
    );
  return (
    <>
      {held}
      {button}
      {isCustomer && <OrderReason product={flags} />}
    </>
  );
}
