import { useTranslation } from 'react-i18next';
import { TicketCard } from '../../../components/tickets/ticket-card';
import { buttonClass } from '../../../components/ui';
import { orderTicketsPdfUrl, useOrderTickets } from '../api/get-order-tickets';
import styles from './orders.module.css';

/** The order's tickets, one per attendee, each with its QR code; nothing while there are none. */
export function OrderTickets({ id }: { id: number }) {
  const { t, i18n } = useTranslation('orders');
  const tickets = useOrderTickets(id, true);
  if (!tickets.data?.length) return null;
  return (
    <section className={styles.tickets} aria-labelledby={`tickets-${id}`}>
      <h3 id={`tickets-${id}`}>{t('tickets.title')}</h3>
      <p className={styles.ticketsLead}>{t('tickets.lead')}</p>
      {tickets.data.some((ticket) => ticket.status === 'VALID') && (
        <p>
          <a href={orderTicketsPdfUrl(id)} download className={buttonClass('secondary', 'small')}>
            {t('tickets.pdf')}
          </a>
        </p>
      )}
      <div className={styles.ticketList}>
        {tickets.data.map((ticket) => (
          <TicketCard key={ticket.id} ticket={ticket} lang={i18n.language} />
        ))}
      </div>
    </section>
  );
}
