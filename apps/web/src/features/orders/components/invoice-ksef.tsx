import type { TMemberInvoice } from '@club/shared';
import { useTranslation } from 'react-i18next';
import { invoiceXmlUrl } from '../api/get-order-invoices';
import styles from './orders.module.css';

/** An invoice's life in KSeF for its member: the KSeF number once given, and the XML to download. */
export function InvoiceKsef({ invoice }: { invoice: TMemberInvoice }) {
  const { t } = useTranslation('orders');
  return (
    <span className={styles.invoiceKsef}>
      {invoice.ksef_number ? (
        <span>
          {t('invoices.ksefNumber')} <span className={styles.ksefNumber}>{invoice.ksef_number}</span>
        </span>
      ) : (
        <span>{t('invoices.ksefPending')}</span>
      )}
      {invoice.has_xml && (
        <a
          href={invoiceXmlUrl(invoice.id)}
          download
          className={styles.invoiceLink}
          aria-label={t('invoices.xmlFor', { number: invoice.number })}
        >
          {t('invoices.xml')}
        </a>
      )}
    </span>
  );
}
