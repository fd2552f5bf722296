import { formatMoney } from '@club/shared/money';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass, Spinner, usePopup } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useIsCustomer } from '../../../lib/session';
import { PAYMENT_POLL_LIMIT_MS, usePayAgain, useResultOrder } from '../api/payment-result';
import styles from './payment-result.module.css';
import { formatClubDateTime } from '../../../lib/club-time';

/**
 * Home after a payment (issue 14): the order the operator sent the member back for, paid or still
 * waiting for the operator's word (asked again every few seconds until it changes), with "pay
 * again" for an order that still waits, e.g. after a cancelled payment. The URL keeps
 * `after_payment` (SPEC.md §1: the analytics order-completed event) and adds the order's id.
 */
export function PaymentResult() {
  const { t, i18n } = useTranslation('content');
  const [params] = useSearchParams();
  const isCustomer = useIsCustomer();
  const popup = usePopup();
  const id = Number(params.get('order'));
  const orderId = params.has('after_payment') && isCustomer && Number.isInteger(id) && id > 0 ? id : null;
  const startedAt = useRef(Date.now()).current;
  const order = useResultOrder(orderId, startedAt);
  const payAgain = usePayAgain();
  if (orderId === null || order.isError) return null;
  const money = (v: number) => formatMoney(v, i18n.language);
  const data = order.data;
  const status = data?.status ?? 'LOADING';
  const stillAsking = Date.now() - startedAt < PAYMENT_POLL_LIMIT_MS;

  const onPayAgain = async () => {
    try {
      const result = await payAgain.mutateAsync(orderId);
      window.location.assign(result.payment_url);
    } catch (error) {
      await popup.warning(error, t('payment.payAgainFailed'));
    }
  };

  return (
    <section className={`container ${styles.wrap}`} aria-labelledby="payment-result-title">
      <div className={styles.card} data-status={status} data-testid="payment-result">
        {!data ? (
          <Spinner />
        ) : (
          <>
            <p className="eyebrow">{t('payment.order', { id: data.id })}</p>
            <h1 id="payment-result-title" className={styles.title}>
              {t(`payment.title.${data.status}`)}
            </h1>
            <p className={styles.text}>{t(`payment.text.${data.status}`)}</p>
            {data.status === 'WAITING_PAYMENT' && stillAsking && (
              <div className={styles.waiting} aria-live="polite">
                <Spinner size="small" label={t('payment.checking')} />
                <span>{t('payment.checking')}</span>
              </div>
            )}
            <ul className={styles.lines}>
              {data.items.map((line) => (
                <li key={`${line.product_name}-${line.product_start_date}-${line.quantity}`}>
                  <span>{line.product_name}</span>
                  <span>
                    {t('payment.persons', { count: line.quantity })} · {money(line.price * line.quantity)}
                  </span>
                </li>
              ))}
            </ul>
            <div className={styles.total}>
              <span>{t('payment.total')}</span>
              <strong>{money(data.total)}</strong>
            </div>
            {data.status === 'WAITING_PAYMENT' && data.expires_at && (
              <p className={styles.text}>
                {t('payment.payUntil', {
                  time: formatClubDateTime(data.expires_at, i18n.language),
                })}
              </p>
            )}
            <div className={styles.actions}>
              {data.status === 'WAITING_PAYMENT' && data.expires_at && (
                <Button variant="primary" onClick={onPayAgain} loading={payAgain.isPending}>
                  {t('payment.payAgain')}
                </Button>
              )}
              <Link to={paths.shoppingHistory} className={buttonClass('secondary')}>
                {t('payment.history')}
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
