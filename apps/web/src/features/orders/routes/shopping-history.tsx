import { formatMoney } from '@club/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DataLoadError, EmptyState, LoadingOverlay, TitledSection } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useOrders } from '../api/get-orders';
import { OrderDetailsDialog } from '../components/order-details-dialog';
import { OrderStatusBadge } from '../components/order-status-badge';
import { RefundBadge } from '../components/refund-badge';
import styles from '../components/orders.module.css';
import { formatClubDate } from '../../../lib/club-time';

/** /account/shopping-history: the member's orders, load more, a details popup per order. */
export default function ShoppingHistoryPage() {
  const { t, i18n } = useTranslation('orders');
  const orders = useOrders();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = orders.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <TitledSection id="history-title" title={t('title')} look={{ section: styles.page, title: styles.title }}>
      <LoadingOverlay active={orders.isPending}>
        {orders.isError ? (
          <DataLoadError onRetry={() => void orders.refetch()} />
        ) : !orders.isPending && list.length === 0 ? (
          <EmptyState action={{ to: paths.experiences, label: t('browse') }}>
            <p>{t('empty')}</p>
          </EmptyState>
        ) : (
          <ul className={styles.list}>
            {list.map((order) => (
              <li key={order.id}>
                <button
                  type="button"
                  className={styles.row}
                  onClick={() => setOpenId(order.id)}
                  aria-haspopup="dialog"
                >
                  <span className={styles.rowMain}>
                    <span className={styles.rowTitle}>{t('order', { id: order.id })}</span>
                    <span className={styles.rowMeta}>
                      {t('placed', {
                        date: formatClubDate(order.created_at, i18n.language),
                      })}
                      {order.items[0] ? ` · ${order.items.map((i) => i.product_name).join(', ')}` : ''}
                    </span>
                  </span>
                  <span className={styles.rowSide}>
                    <span className={styles.badges}>
                      <OrderStatusBadge status={order.status} />
                      <RefundBadge state={order.refund_state} />
                    </span>
                    <span className={styles.rowTotal}>{formatMoney(order.total, i18n.language)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {orders.hasNextPage && (
          <div className={styles.more}>
            <Button
              variant="secondary"
              loading={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              {t('actions.loadMore', { ns: 'common' })}
            </Button>
          </div>
        )}
      </LoadingOverlay>
      <OrderDetailsDialog id={openId} onClose={() => setOpenId(null)} />
    </TitledSection>
  );
}
