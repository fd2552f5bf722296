import { formatMoney, type TOrder } from '@club/shared';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Spinner, usePopup } from '../../../components/ui';
import { useOrder } from '../api/get-order';
import { invoicePdfUrl, useOrderInvoices } from '../api/get-order-invoices';
import { InvoiceKsef } from './invoice-ksef';
import { usePayAgain } from '../api/pay-again';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTickets } from './order-tickets';
import { RefundBadge } from './refund-badge';
import styles from './orders.module.css';
import { formatClubDate, formatClubDateTime } from '../../../lib/club-time';

/** The details popup of one order; a waiting order can be paid (again) from here. */
export function OrderDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const order = useOrder(id);
  const money = (v: number) => formatMoney(v, i18n.language);
  const day = (d: string | null) => (d ? formatClubDate(d, i18n.language) : '-');
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('detailsTitle', { id })}
      wide
    >
      {order.isPending ? (
        <div className={styles.dialogLoading}>
          <Spinner />
        </div>
      ) : order.isError ? (
        <p role="alert" className={styles.error}>
          {t('errorOccurred')}
        </p>
      ) : (
        <OrderBody order={order.data} money={money} day={day} lang={i18n.language} />
      )}
    </Dialog>
  );
}

function OrderBody({
  order,
  money,
  day,
  lang,
}: {
  order: TOrder;
  money: (v: number) => string;
  day: (d: string | null) => string;
  lang: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <div className={styles.details}>
      <div className={styles.badges}>
        <OrderStatusBadge status={order.status} />
        <RefundBadge state={order.refund_state} />
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('product')}</th>
              <th scope="col">{t('startDate')}</th>
              <th scope="col">{t('quantity')}</th>
              <th scope="col">{t('price')}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: order lines never reorder
              <tr key={`${line.product_name}-${i}`}>
                <td>{line.product_name}</td>
                <td data-label={t('startDate')}>{day(line.product_start_date)}</td>
                <td data-label={t('quantity')}>{line.quantity}</td>
                <td data-label={t('price')}>{money(line.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.totals}>
        {order.discount > 0 && (
          <>
            <div>
              <dt>{t('subtotal')}</dt>
              <dd>{money(order.subtotal)}</dd>
            </div>
            <div>
              <dt>{t('discount')}</dt>
              <dd>−{money(order.discount)}</dd>
            </div>
          </>
        )}
        <div className={styles.total}>
          <dt>{t('total')}</dt>
          <dd>{money(order.total)}</dd>
        </div>
        {order.refunded > 0 && (
          <div>
            <dt>{t('refunded')}</dt>
            <dd>{money(order.refunded)}</dd>
          </div>
        )}
      </dl>
      {order.status === 'WAITING_PAYMENT' && order.expires_at && (
        <div className={styles.pay}>
          {order.expires_at && (
            <p>
              {t('payUntil', {
                time: formatClubDateTime(order.expires_at, lang),
              })}
            </p>
          )}
          <PayButton id={order.id} />
        </div>
      )}
      {order.status !== 'WAITING_PAYMENT' && <OrderTickets id={order.id} />}
      {order.status !== 'WAITING_PAYMENT' && <OrderInvoices id={order.id} day={day} />}
    </div>
  );
}

/** The order's VAT invoices, each a PDF to download; nothing while there are none. */
function OrderInvoices({ id, day }: { id: number; day: (d: string | null) => string }) {
  const { t } = useTranslation('orders');
  const invoices = useOrderInvoices(id);
  if (!invoices.data?.length) return null;
  return (
    <section className={styles.invoices} aria-labelledby={`invoices-${id}`}>
      <h3 id={`invoices-${id}`}>{t('invoices.title')}</h3>
      <ul>
        {invoices.data.map((invoice) => (
          <li key={invoice.id}>
            <a href={invoicePdfUrl(invoice.id)} download className={styles.invoiceLink}>
              {t(invoice.kind === 'INVOICE' ? 'invoices.download' : 'invoices.downloadCorrection', {
                number: invoice.number,
              })}
            </a>{' '}
            <span className={styles.invoiceDate}>{day(invoice.issue_date)}</span>
            <InvoiceKsef invoice={invoice} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PayButton({ id }: { id: number }) {
  const { t } = useTranslation('orders');
  const pay = usePayAgain();
  const popup = usePopup();
  const onPay = async () => {
    try {
      window.location.assign((await pay.mutateAsync(id)).payment_url);
    } catch (error) {
      await popup.warning(error, t('errorOccurred'));
    }
  };
  return (
    <Button variant="primary" onClick={onPay} loading={pay.isPending}>
      {t('pay')}
    </Button>
  );
}
