import { cartTotal, formatMoney, orderTotal } from '@club/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  Button,
  CheckboxField,
  DataLoadError,
  EmptyState,
  Spinner,
  TextField,
  usePopup,
  TitledSection,
} from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useTrackCartVisit } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useCheckDiscountCode } from '../api/check-discount-code';
import { useCartItems } from '../api/get-cart-items';
import { useInvoiceDataComplete } from '../api/get-invoice-status';
import { usePlaceOrder } from '../api/place-order';
import { CartItemCard } from '../components/cart-item-card';
import styles from '../components/cart.module.css';

/** /cart (SPEC.md §2, §4, §5): items with their data, discount code, cost breakdown, invoice, order. */
export default function CartPage() {
  const { t, i18n } = useTranslation('cart');
  const popup = usePopup();
  const navigate = useNavigate();
  const cart = useCartItems();
  useTrackCartVisit(cart.data);
  const invoiceComplete = useInvoiceDataComplete();
  const check = useCheckDiscountCode();
  const place = usePlaceOrder();
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<{ code: string; amount: number } | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [invoice, setInvoice] = useState(false);
  const money = (v: number) => formatMoney(v, i18n.language);

  const header = (
    <header className={styles.header}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.subtitle}>{t('subtitle')}</p>
    </header>
  );

  if (cart.isPending) {
    return (
      <div className={styles.page}>
        {header}
        <div className={styles.loading} aria-live="polite">
          <Spinner />
        </div>
      </div>
    );
  }
  if (cart.isError) {
    return (
      <div className={styles.page}>
        {header}
        <DataLoadError onRetry={() => void cart.refetch()} />
      </div>
    );
  }
  const items = cart.data;
  if (items.length === 0) {
    return (
      <div className={styles.page}>
        {header}
        <EmptyState action={{ to: paths.experiences, label: t('browse') }}>
          <p>{t('empty')}</p>
        </EmptyState>
      </div>
    );
  }

  const lines = items.map((i) => ({ price: i.product.price, quantity: i.quantity }));
  const subtotal = orderTotal(lines);
  const discount = applied?.amount ?? 0;
  const total = cartTotal(lines, discount);
  const unfilled = items.some((i) => !i.is_filled || !i.product.can_order);
  const codeUnverified = code.trim() !== '' && applied?.code !== code.trim();
  const invoiceMissing = invoice && invoiceComplete.data === false;
  const blocked = unfilled || codeUnverified || invoiceMissing;

  const onCheck = async () => {
    setCodeError(undefined);
    try {
      const result = await check.mutateAsync({ discount_code: code.trim() });
      setApplied({ code: code.trim(), amount: result.discount_amount });
    } catch (error) {
      // SPEC.md §4: a failed check clears the code and the amount.
      setApplied(null);
      setCode('');
      setCodeError(error instanceof ApiError && error.status < 500 ? error.message : t('discountFailed'));
    }
  };
  const onCancelCode = () => {
    setApplied(null);
    setCode('');
    setCodeError(undefined);
  };

  const onOrder = async () => {
    const ok = await popup.confirm({
      title: t('confirmTitle'),
      body: total > 0 ? t('confirmPay', { total: money(total) }) : t('confirmFree', { total: money(total) }),
    });
    if (!ok) return;
    try {
      const result = await place.mutateAsync({
        discount_code: applied?.code ?? '',
        is_invoice: invoice ? 1 : 0,
      });
      if (result.payment_url) window.location.assign(result.payment_url);
      else navigate(`${paths.home}?after_payment=1&order=${result.order_id}`);
    } catch (error) {
      await popup.warning(error, t('orderFailed'));
    }
  };

  return (
    <div className={styles.page}>
      {header}
      <div className={styles.layout}>
        <section className={styles.items} aria-label={t('title')}>
          {items.map((item) => (
            <CartItemCard key={`${item.id}-${item.quantity}-${item.is_filled}`} item={item} />
          ))}
        </section>
        <TitledSection
          id="cart-summary"
          title={t('summary')}
          look={{ section: styles.summary, title: styles.summaryTitle }}
          as="aside"
        >
          <div className={styles.codeRow}>
            <TextField
              label={t('discountCode')}
              value={code}
              autoComplete="off"
              disabled={!!applied}
              error={codeError}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && code.trim()) {
                  e.preventDefault();
                  void onCheck();
                }
              }}
            />
            {applied ? (
              <Button variant="secondary" onClick={onCancelCode}>
                {t('cancelCode')}
              </Button>
            ) : (
              <Button variant="secondary" disabled={!code.trim()} loading={check.isPending} onClick={onCheck}>
                {t('check')}
              </Button>
            )}
          </div>
          {applied && (
            <p className={styles.success} role="status">
              {t('codeApplied', { code: applied.code })}
            </p>
          )}
          <dl className={styles.breakdown}>
            <div>
              <dt>{t('subtotal')}</dt>
              <dd>{money(subtotal)}</dd>
            </div>
            {applied && (
              <div>
                <dt>{t('discount')}</dt>
                <dd>−{money(discount)}</dd>
              </div>
            )}
            <div className={styles.totalRow}>
              <dt>{t('total')}</dt>
              <dd data-testid="cart-total">{money(total)}</dd>
            </div>
          </dl>
          <CheckboxField label={t('invoice')} checked={invoice} onCheckedChange={setInvoice} />
          {invoiceMissing && (
            <p className={styles.notice} role="alert">
              {t('invoiceMissing')} <Link to={paths.invoiceInfo}>{t('invoiceLink')}</Link>
            </p>
          )}
          {unfilled && (
            <p className={styles.notice} role="alert">
              {t('blockedUnfilled')}
            </p>
          )}
          {codeUnverified && (
            <p className={styles.notice} role="alert">
              {t('blockedCode')}
            </p>
          )}
          <Button block disabled={blocked} loading={place.isPending} onClick={onOrder}>
            {total > 0 ? t('order') : t('orderZero')}
          </Button>
        </TitledSection>
      </div>
    </div>
  );
}
