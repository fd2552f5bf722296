import type { TProduct } from '@club/shared';
import { orderBlock } from '@club/shared/availability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import styles from '../../../components/experience/experiences.module.css';

/**
 * Below the product page's action: why the member cannot order and what they can do instead
 * (issue 14), never a bare "you cannot order this". Customers only: dealers do not order.
 */
export function OrderReason({ product }: { product: TProduct }) {
  const { t } = useTranslation('experiences');
  const reason = orderBlock(product);
  if (!reason) return null;
  let text: string;
  let next: { to: string; label: string } | null = null;
  switch (reason) {
    case 'in-cart':
      text = t('why.inCart');
      next = { to: paths.cart, label: t('why.goToCart') };
      break;
    case 'limit-reached':
      text = t('why.limitReached', { count: product.limit });
      next = { to: paths.shoppingHistory, label: t('why.seeOrders') };
      break;
    case 'sold-out':
      text = product.is_set_notification
        ? t('why.soldOutListed')
        : product.can_set_notification
          ? t('why.soldOutJoin')
          : t('why.soldOutClosed');
      if (!product.can_set_notification) next = { to: paths.experiences, label: t('why.browse') };
      break;
    case 'announced':
      text = product.is_set_notification ? t('why.announcedSet') : t('why.announced');
      break;
    case 'past':
      text = t('why.past');
      break;
    default:
      text = t('why.salesClosed');
      next = { to: paths.experiences, label: t('why.browse') };
  }
  return (
    <p className={styles.orderReason} data-testid="order-reason" data-reason={reason}>
      {text}
      {next && (
        <>
          {' '}
          <Link to={next.to}>{next.label}</Link>
        </>
      )}
    </p>
  );
}
