import { COPY_FEEDBACK_MS } from '@club/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui';
import { API_BASE } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import styles from '../components/account.module.css';
import { AccountSection } from '../components/account-section';
import { MyTickets } from '../components/my-tickets';
import { useAccount } from '../components/account-layout';

function formatDate(value: string | null, lang: string): string | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T12:00:00` : value);
  return Number.isNaN(date.getTime())
    ? null
    : new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date);
}

/** The member's private calendar feed: subscribe (webcal) or copy the https address. */
function CalendarSubscription({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const [feedback, setFeedback] = useState<'copied' | 'copyError' | null>(null);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const url = `${window.location.origin}${API_BASE}/calendar/${encodeURIComponent(token)}.ics`;
  const webcal = url.replace(/^https?:/, 'webcal:');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setFeedback('copied');
    } catch {
      setFeedback('copyError');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setFeedback(null), COPY_FEEDBACK_MS);
  };
  return (
    <section className={styles.panel} aria-labelledby="calendar-title">
      <h3 id="calendar-title">{t('card.calendarTitle')}</h3>
      <p className={styles.lead}>{t('card.calendarText')}</p>
      <div className={styles.calendarUrl}>
        <code data-testid="calendar-url">{url}</code>
        <Button variant="secondary" size="small" onClick={copy}>
          {t('card.calendarCopy')}
        </Button>
        <a className={buttonClass('primary', 'small')} href={webcal}>
          {t('card.calendarSubscribe')}
        </a>
      </div>
      <p
        className={styles.feedback}
        role="status"
        style={feedback === 'copyError' ? { color: 'var(--color-danger)' } : undefined}
      >
        {feedback ? t(`card.${feedback}`) : ''}
      </p>
      <p className={styles.counter}>{t('card.calendarPrivate')}</p>
    </section>
  );
}

/** /account/club-card: the membership card with its QR code, the card's details and the calendar link. */
export default function ClubCardPage() {
  const { t, i18n } = useTranslation('account');
  const { account } = useAccount();
  const { user } = useSession();
  const { card } = account;
  const none = t('card.none');
  const fullName = `${card.name} ${card.surname}`.trim();
  const streetLine = [card.street, [card.building_number, card.flat_number].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(' ');
  const cityLine = [card.post_code, card.city].filter(Boolean).join(' ');
  const validTo = formatDate(card.valid_to, i18n.language);
  const validToShort = card.valid_to ? `${card.valid_to.slice(5, 7)}/${card.valid_to.slice(2, 4)}` : none;

  return (
    <>
      <AccountSection id="card" title={t('card.title')} lead={t('card.lead')}>
        <div className={styles.cardLayout}>
          <div
            className={styles.card}
            data-testid="club-card"
            role="img"
            aria-label={`${t('card.title')}: ${card.card_number ?? none}, ${fullName}`}
          >
            <div className={styles.cardTop}>
              <div className={styles.cardBrand}>
                Excellence Club
                <small>{t('card.brandLine')}</small>
              </div>
              <div className={styles.cardChip} aria-hidden="true" />
            </div>
            <div className={styles.cardNumber}>{card.card_number ?? '•••• ••••'}</div>
            <div className={styles.cardBottom}>
              <div>
                <div className={styles.cardLabel}>{t('card.member')}</div>
                <div className={styles.cardValue}>{fullName || none}</div>
                <div className={styles.cardLabel} style={{ marginTop: '0.6em' }}>
                  {t('card.validTo')}
                </div>
                <div className={styles.cardValue}>{validToShort}</div>
              </div>
              {card.card_number && (
                <div className={styles.cardQr}>
                  <QRCodeSVG
                    value={card.card_number}
                    size={104}
                    level="M"
                    title={t('card.qr', { number: card.card_number })}
                  />
                </div>
              )}
            </div>
          </div>
          <dl className={styles.details}>
            <div>
              <dt>{t('card.number')}</dt>
              <dd data-testid="card-number">{card.card_number ?? t('card.noNumber')}</dd>
            </div>
            <div>
              <dt>{t('card.name')}</dt>
              <dd>{fullName || none}</dd>
            </div>
            <div>
              <dt>{t('card.address')}</dt>
              <dd>
                {streetLine || cityLine ? (
                  <>
                    {streetLine}
                    {streetLine && cityLine && <br />}
                    {cityLine}
                  </>
                ) : (
                  none
                )}
              </dd>
            </div>
            <div>
              <dt>{t('card.joined')}</dt>
              <dd>{formatDate(card.created_at, i18n.language) ?? none}</dd>
            </div>
            <div>
              <dt>{t('card.validTo')}</dt>
              <dd data-testid="card-valid-to">{validTo ?? none}</dd>
            </div>
          </dl>
        </div>
      </AccountSection>
      {account.isCustomer && <MyTickets />}
      {account.isCustomer && user?.calendar2024_token && (
        <CalendarSubscription token={user.calendar2024_token} />
      )}
    </>
  );
}
