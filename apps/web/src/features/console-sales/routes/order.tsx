import type { TDeskOrder } from '@club/shared/contract/admin-orders';
import { invoicesContract } from '@club/shared/contract/invoices';
import { pathWith } from '@club/shared/contract/paths';
import { formatMoney } from '@club/shared/money';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Badge,
  Button,
  DataLoadError,
  Spinner,
  TextField,
  usePopup,
  TitledSection,
  type SectionLook,
} from '../../../components/ui';
import { consolePaths, consoleSeatPath } from '../../../config/console';
import { API_BASE } from '../../../lib/api-client';
import { type DeskAction, useDeskAction, useDeskOrder } from '../api/sales';
import { ActionDialog, errorOf } from '../components/action-dialog';
import { dateTimeFormat, STATUS_TONE } from '../components/labels';
import styles from '../components/console-sales.module.css';

/** The order's parts (actions, summary, member, lines, timeline) are panels titled alike. */
const sectionLook: SectionLook = { section: styles.panel, title: styles.panelTitle };

type Open = 'markPaid' | 'cancel' | 'refund' | null;

/** The bank transfer's reference, asked when a payment or a refund went through the bank. */
function TransferReferenceField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      value={value}
      required
      autoComplete="off"
      maxLength={100}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function Actions({ order }: { order: TDeskOrder }) {
  const { t, i18n } = useTranslation('console-sales');
  const popup = usePopup();
  const action = useDeskAction(order.id);
  const [open, setOpen] = useState<Open>(null);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const money = (v: number) => formatMoney(v, i18n.language);
  const show = (which: Open) => {
    action.reset();
    setReference('');
    setReason('');
    setAmount(order.refundable > 0 ? String(order.refundable) : '');
    setOpen(which);
  };
  const run = (act: DeskAction, done: string) =>
    action.mutate(act, {
      onSuccess: () => {
        setOpen(null);
        void popup.success(done);
      },
    });
  const expired = order.expires_at !== null && new Date(order.expires_at) <= new Date();
  const canPay = order.status === 'WAITING_PAYMENT' && !expired;
  const canCancel = order.status !== 'CANCELLED';
  const canRefund = order.refundable > 0;
  // Paid by bank transfer: the club's bank returns the money; the desk records it with its reference.
  const byTransfer = order.payment.paid_by === 'BANK_TRANSFER';
  const dialog = (which: Exclude<Open, null>) => ({
    open: open === which,
    onOpenChange: (next: boolean) => setOpen(next ? which : null),
    pending: action.isPending,
    error: action.error,
  });
  return (
    <TitledSection id="desk-actions" title={t('order.actions')} look={sectionLook}>
      <div className={styles.actionRow}>
        {canPay && <Button onClick={() => show('markPaid')}>{t('actions.markPaid')}</Button>}
        {canRefund && (
          <Button variant="secondary" onClick={() => show('refund')}>
            {t('actions.refund')}
          </Button>
        )}
        {canCancel && (
          <Button variant="danger" onClick={() => show('cancel')}>
            {t('actions.cancel')}
          </Button>
        )}
        {!canPay && !canCancel && !canRefund && <p className={styles.muted}>{t('actions.none')}</p>}
      </div>

      <ActionDialog
        {...dialog('markPaid')}
        title={t('actions.markPaidTitle', { id: order.id })}
        description={t('actions.markPaidText', { amount: money(order.total) })}
        confirmLabel={t('actions.markPaidConfirm')}
        onConfirm={() =>
          run({ kind: 'markPaid', body: { reference } }, t('actions.markPaidDone', { id: order.id }))
        }
      >
        <TransferReferenceField
          label={t('actions.reference')}
          hint={t('actions.referenceHint')}
          value={reference}
          error={errorOf(action.error, 'reference')}
          onChange={setReference}
        />
      </ActionDialog>

      <ActionDialog
        {...dialog('cancel')}
        danger
        title={t('actions.cancelTitle', { id: order.id })}
        description={t(order.status === 'PAID' ? 'actions.cancelPaidText' : 'actions.cancelText')}
        confirmLabel={t('actions.cancelConfirm')}
        onConfirm={() =>
          run(
            { kind: 'cancel', body: { reason: reason.trim() || undefined } },
            t('actions.cancelDone', { id: order.id }),
          )
        }
      >
        <TextField
          label={t('actions.reason')}
          hint={t('actions.reasonHint')}
          value={reason}
          maxLength={500}
          error={errorOf(action.error, 'reason')}
          onChange={(e) => setReason(e.target.value)}
        />
      </ActionDialog>

      <ActionDialog
        {...dialog('refund')}
        title={t('actions.refundTitle', { id: order.id })}
        description={[
          t(byTransfer ? 'actions.refundTransferText' : 'actions.refundText', {
            amount: money(order.refundable),
          }),
          // An invoiced order: the refund issues a correcting invoice (docs/console-sales.md).
          order.invoice_number ? t('actions.refundCorrection', { number: order.invoice_number }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t(byTransfer ? 'actions.refundTransferConfirm' : 'actions.refundConfirm')}
        onConfirm={() =>
          run(
            {
              kind: 'refund',
              body: {
                amount: Number(amount.replace(',', '.')),
                ...(byTransfer ? { reference } : {}),
              },
            },
            t(byTransfer ? 'actions.refundTransferDone' : 'actions.refundDone', { id: order.id }),
          )
        }
      >
        <TextField
          label={t('actions.amount')}
          inputMode="decimal"
          value={amount}
          required
          error={errorOf(action.error, 'amount')}
          onChange={(e) => setAmount(e.target.value)}
        />
        {byTransfer && (
          <TransferReferenceField
            label={t('actions.refundReference')}
            hint={t('actions.refundReferenceHint')}
            value={reference}
            error={errorOf(action.error, 'reference')}
            onChange={setReference}
          />
        )}
      </ActionDialog>
    </TitledSection>
  );
}

const pdfUrl = (id: number) => `${API_BASE}${pathWith(invoicesContract.pdf.path, { id })}`;

/**
 * The order's invoice and corrections with their PDFs and their way to KSeF (issue 30): the KSeF
 * number once accepted, else the state (docs/ksef.md).
 */
function OrderInvoices({ order }: { order: TDeskOrder }) {
  const { t, i18n } = useTranslation('console-sales');
  if (!order.is_invoice && order.invoices.length === 0) return null;
  const day = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', { dateStyle: 'medium' });
  return (
    <TitledSection id="desk-invoices" title={t('order.invoices')} look={sectionLook}>
      {order.invoices.length === 0 ? (
        <p className={styles.muted}>{t('order.invoicesNone')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.invoiceTable}>
            <caption className="visually-hidden">{t('order.invoices')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('order.invoiceNumber')}</th>
                <th scope="col">{t('order.invoiceKind')}</th>
                <th scope="col">{t('order.invoiceDate')}</th>
                <th scope="col">{t('order.invoiceGross')}</th>
                <th scope="col">{t('order.invoiceKsef')}</th>
                <th scope="col">{t('order.invoicePdf')}</th>
              </tr>
            </thead>
            <tbody>
              {order.invoices.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{d.number}</th>
                  <td>
                    {d.kind === 'INVOICE'
                      ? t('order.kindInvoice')
                      : t('order.kindCorrection', { number: d.corrects ?? '—' })}
                  </td>
                  <td>{day.format(new Date(`${d.issue_date}T12:00:00Z`))}</td>
                  <td>{`${d.kind === 'CORRECTION' ? '− ' : ''}${formatMoney(d.gross, i18n.language)}`}</td>
                  <td>
                    {d.ksef_number ??
                      (d.ksef_state ? t(`order.ksefState.${d.ksef_state}`) : t('order.ksefNone'))}
                  </td>
                  <td>
                    <a href={pdfUrl(d.id)} download>
                      {t('order.invoicePdfFor', { number: d.number })}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledSection>
  );
}

/** One order at the desk: what was bought and by whom, the payment, the timeline and the actions. */
export default function OrderPage() {
  const { t, i18n } = useTranslation('console-sales');
  const id = Number(useParams().id);
  const order = useDeskOrder(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const when = useMemo(() => dateTimeFormat(i18n.language), [i18n.language]);
  const money = (v: number) => formatMoney(v, i18n.language);
  const back = (
    <Link className={styles.backLink} to={consolePaths.orders}>
      {t('order.back')}
    </Link>
  );
  if (order.isPending && order.fetchStatus !== 'idle') return <Spinner />;
  if (order.isError || !order.data)
    return (
      <>
        <ConsolePageHeader title={t('order.notFoundTitle')} actions={back} />
        {order.isError && (order.error as { status?: number }).status !== 404 ? (
          <DataLoadError onRetry={() => void order.refetch()} />
        ) : (
          <p className={styles.muted}>{t('order.notFound')}</p>
        )}
      </>
    );
  const o = order.data;
  const m = o.member;
  return (
    <>
      <ConsolePageHeader
        title={
          <span className={styles.titleRow}>
            {t('order.title', { id: o.id })}
            <Badge tone={STATUS_TONE[o.status]}>{t(`status.${o.status}`)}</Badge>
            {o.refund_state !== 'NONE' && <Badge tone="gold">{t(`refund.${o.refund_state}`)}</Badge>}
          </span>
        }
        lead={t('order.placed', { when: when.format(new Date(o.created_at)) })}
        actions={back}
      />
      <div className={styles.orderGrid}>
        <TitledSection id="desk-summary" title={t('order.summary')} look={sectionLook}>
          <dl className={styles.facts}>
            <dt>{t('order.subtotal')}</dt>
            <dd>{money(o.subtotal)}</dd>
            <dt>{t('order.discount')}</dt>
            <dd>
              {o.discount > 0 ? `− ${money(o.discount)}` : '—'}
              {o.discount_code ? ` (${o.discount_code})` : ''}
            </dd>
            <dt>{t('order.total')}</dt>
            <dd>
              <strong>{money(o.total)}</strong>
            </dd>
            <dt>{t('order.refunded')}</dt>
            <dd>{o.refunded > 0 ? money(o.refunded) : '—'}</dd>
            <dt>{t('order.invoice')}</dt>
            <dd>
              {o.is_invoice ? t('order.invoiceYes') : t('order.invoiceNo')}
              {o.invoice_number && ` · ${t('order.invoiceIssued', { number: o.invoice_number })}`}
            </dd>
            <dt>{t('order.payment')}</dt>
            <dd>
              {o.payment.paid_by === 'BANK_TRANSFER'
                ? t('order.paidByTransfer', { reference: o.payment.bank_transfer_reference })
                : o.payment.paid_by === 'ONLINE'
                  ? t('order.paidOnline', { provider: o.payment.provider })
                  : t('order.notPaid')}
            </dd>
            {o.paid_at && (
              <>
                <dt>{t('order.paidAt')}</dt>
                <dd>{when.format(new Date(o.paid_at))}</dd>
              </>
            )}
            {o.expires_at && o.status === 'WAITING_PAYMENT' && (
              <>
                <dt>{t('order.expiresAt')}</dt>
                <dd>{when.format(new Date(o.expires_at))}</dd>
              </>
            )}
            {o.cancelled_at && (
              <>
                <dt>{t('order.cancelledAt')}</dt>
                <dd>{when.format(new Date(o.cancelled_at))}</dd>
              </>
            )}
          </dl>
        </TitledSection>
        <TitledSection id="desk-member" title={t('order.member')} look={sectionLook}>
          {m ? (
            <dl className={styles.facts}>
              <dt>{t('order.memberName')}</dt>
              <dd>{`${m.name} ${m.surname}`.trim() || '—'}</dd>
              <dt>{t('order.memberEmail')}</dt>
              <dd>{m.email}</dd>
              <dt>{t('order.memberPhone')}</dt>
              <dd>{m.phone ?? '—'}</dd>
              <dt>{t('order.memberType')}</dt>
              <dd>{t(`memberType.${m.type}`)}</dd>
            </dl>
          ) : (
            <p className={styles.muted}>{t('orders.removedMember')}</p>
          )}
        </TitledSection>
      </div>
      <Actions order={o} />
      <OrderInvoices order={o} />
      <TitledSection id="desk-lines" title={t('order.lines')} look={sectionLook}>
        <ul className={styles.lines}>
          {o.lines.map((line) => (
            <li key={line.id} className={styles.line}>
              <div className={styles.lineHead}>
                <strong>
                  {line.product_id ? (
                    <Link to={consoleSeatPath(line.product_id)}>{line.product_name}</Link>
                  ) : (
                    line.product_name
                  )}
                </strong>
                <span className={styles.muted}>
                  {[line.start_date, t('order.lineQuantity', { count: line.quantity }), money(line.price)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {line.label && (
                <p className={styles.answer}>
                  <span className={styles.muted}>{line.label}: </span>
                  {line.label_answer ?? '—'}
                </p>
              )}
              <h3 className={styles.subTitle}>{t('order.attendees')}</h3>
              <ol className={styles.attendees}>
                {line.attendees.map((a, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two attendees may share a name
                  <li key={i}>
                    {`${a.name} ${a.surname}`.trim()}
                    <span className={styles.muted}>
                      {' '}
                      · {a.is_member ? t('order.attendeeMember') : t('order.attendeeGuest')}
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </TitledSection>
      <TitledSection id="desk-timeline" title={t('order.timeline')} look={sectionLook}>
        <ol className={styles.timeline} data-testid="order-timeline">
          {o.timeline.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is read whole, never reordered
            <li key={i} className={styles.event}>
              <time dateTime={e.at} className={styles.muted}>
                {when.format(new Date(e.at))}
              </time>
              <span className={styles.eventKind}>{t(`event.${e.kind}`)}</span>
              {e.amount !== null && <span>{money(e.amount)}</span>}
              {e.mail_state && <Badge>{t(`mailState.${e.mail_state}`)}</Badge>}
              {e.note && <span className={styles.eventNote}>{e.note}</span>}
            </li>
          ))}
        </ol>
      </TitledSection>
    </>
  );
}
