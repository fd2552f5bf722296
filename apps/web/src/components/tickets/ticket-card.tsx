import type { TMyTicket } from '@club/shared/contract/tickets';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { formatClubDate } from '../../lib/club-time';
import styles from './ticket-card.module.css';

/**
 * One attendee's ticket: a QR code big enough for any scanner (black on white, a quiet zone, level
 * M), the holder, the experience and when, and the code in letters for the gate to type. A void
 * ticket says so and shows no code to scan. Shared by the order's details and the club card screen,
 * with its texts in the app's common catalogue (`ticketCard`).
 */
export function TicketCard({ ticket, lang }: { ticket: TMyTicket; lang: string }) {
  const { t } = useTranslation();
  const texts = {
    ticket: t('ticketCard.ticket'),
    member: t('ticketCard.member'),
    guest: t('ticketCard.guest'),
    void: t('ticketCard.void'),
    code: t('ticketCard.code'),
    qr: (name: string) => t('ticketCard.qr', { name }),
  };
  const holder = `${ticket.name} ${ticket.surname}`.trim() || texts.guest;
  const valid = ticket.status === 'VALID';
  const when = ticket.start_date
    ? `${formatClubDate(ticket.start_date, lang, 'long')}${ticket.start_time ? `, ${ticket.start_time}` : ''}`
    : null;
  return (
    <article
      className={[styles.ticket, valid ? '' : styles.void].join(' ')}
      data-testid="ticket"
      data-code={valid ? ticket.code : undefined}
      aria-label={`${texts.ticket}: ${holder}`}
    >
      <div className={styles.qr}>
        {valid ? (
          <QRCodeSVG value={ticket.code} size={208} level="M" marginSize={2} title={texts.qr(holder)} />
        ) : (
          <span className={styles.voidMark}>{texts.void}</span>
        )}
      </div>
      <div className={styles.text}>
        <p className={styles.holder}>{holder}</p>
        <p className={styles.role}>{ticket.is_member ? texts.member : texts.guest}</p>
        <p className={styles.experience}>{ticket.experience}</p>
        {when && (
          <p className={styles.meta}>
            <time dateTime={ticket.start_date ?? undefined}>{when}</time>
            {ticket.place ? ` · ${ticket.place}` : ''}
          </p>
        )}
        {valid && (
          <p className={styles.code}>
            <span className={styles.codeLabel}>{texts.code}</span>
            {/* In groups of four, easier to read out and type at the gate (the gate ignores the spaces). */}
            <code>{ticket.code.match(/.{1,4}/g)?.join(' ')}</code>
          </p>
        )}
      </div>
    </article>
  );
}
