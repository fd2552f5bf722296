import { useTranslation } from 'react-i18next';
import { TicketCard } from '../../../components/tickets/ticket-card';
import { buttonClass } from '../../../components/ui';
import { CLUB_TIME_ZONE } from '../../../lib/club-time';
import { upcomingTicketsPdfUrl, useMyTickets } from '../api/my-tickets';
import styles from './account.module.css';

/**
 * "My tickets" on the club card screen (issue 29): the valid tickets of the experiences still to come,
 * the soonest first, each a QR code big enough to scan at the door at full brightness.
 */
export function MyTickets() {
  const { t, i18n } = useTranslation('account');
  const tickets = useMyTickets(true);
  // The club's day (Warsaw), as YYYY-MM-DD, whatever the phone's zone.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE }).format(new Date());
  const coming = (tickets.data ?? [])
    .filter((ticket) => ticket.start_date !== null && ticket.start_date >= today)
    .sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? '') || a.id - b.id);
  return (
    <section className={styles.panel} aria-labelledby="tickets-title" data-testid="my-tickets">
      <h3 id="tickets-title">{t('tickets.title')}</h3>
      <p className={styles.lead}>{t('tickets.lead')}</p>
      {tickets.isPending ? null : coming.length === 0 ? (
        <p className={styles.counter}>{t('tickets.none')}</p>
      ) : (
        <>
          <p>
            <a href={upcomingTicketsPdfUrl} download className={buttonClass('secondary', 'small')}>
              {t('tickets.pdf')}
            </a>
          </p>
          <div className={styles.ticketList}>
            {coming.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} lang={i18n.language} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
