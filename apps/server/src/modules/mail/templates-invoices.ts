import type { LanguageCode } from '@club/shared';
import type { TemplateDef } from './templates';

/**
 * The mails about an order's money and documents (issue 30, docs/invoices.md "Refunds that people
 * see"): a refund, and an invoice or a correcting invoice issued. Each links to the member's shopping
 * history in the panel, where the PDF is (behind the member's own sign-in: never a link that signs
 * in). The subjects name the order ("nr 42" / "no. 42"), so the sales desk's timeline lists them.
 */
export type InvoiceMailData = {
  'order-refunded': {
    orderId: number;
    /** Formatted in the member's language (formatMoney): this refund, all refunds, the order's total. */
    amount: string;
    refundedTotal: string;
    total: string;
    /** Everything paid went back. */
    full: boolean;
    url: string;
  };
  'order-invoice': {
    orderId: number;
    kind: 'INVOICE' | 'CORRECTION';
    number: string;
    /** The invoice a correction corrects. */
    corrects: string | null;
    /** Formatted: the invoice's total, or what a correction takes back. */
    gross: string;
    /** YYYY-MM-DD, the club's day. */
    issueDate: string;
    url: string;
  };
};

const longDay = (day: string, lang: LanguageCode) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export const INVOICE_TEMPLATES: { [T in keyof InvoiceMailData]: TemplateDef<T> } = {
  'order-refunded': {
    blocks: [
      { kind: 'text', copy: 'intro' },
      {
        kind: 'details',
        rows: [
          { label: 'amountLabel', value: '{{amount}}' },
          { label: 'totalRefundedLabel', value: '{{refundedTotal}}' },
          { label: 'orderTotalLabel', value: '{{total}}' },
        ],
      },
      { kind: 'text', copy: 'when' },
      { kind: 'button', copy: 'cta', href: 'url' },
      { kind: 'note', copy: 'invoice' },
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: zwrot {{amount}} za zamówienie nr {{id}}',
        preheader: 'Zwróciliśmy {{amount}} za zamówienie nr {{id}}',
        heading: 'Zwrot pieniędzy',
        intro: 'Zwróciliśmy {{amount}} za zamówienie nr {{id}}. {{state}}',
        statePartial: 'To zwrot części zapłaty.',
        stateFull: 'Zwróciliśmy całą zapłatę za to zamówienie.',
        amountLabel: 'Zwrot',
        totalRefundedLabel: 'Zwrócono łącznie',
        orderTotalLabel: 'Wartość zamówienia',
        when: 'Pieniądze wracają tą samą drogą, którą przyszła zapłata; na rachunek docierają zwykle w ciągu kilku dni roboczych.',
        cta: 'Historia zamówień',
        invoice:
          'Jeśli do zamówienia wystawiliśmy fakturę VAT, fakturę korygującą wyślemy w osobnej wiadomości.',
      },
      en: {
        subject: 'Excellence Club: refund of {{amount}} for order no. {{id}}',
        preheader: 'We have refunded {{amount}} for order no. {{id}}',
        heading: 'Your refund',
        intro: 'We have refunded {{amount}} for order no. {{id}}. {{state}}',
        statePartial: 'This is part of what you paid.',
        stateFull: 'Everything you paid for this order has been refunded.',
        amountLabel: 'Refund',
        totalRefundedLabel: 'Refunded in total',
        orderTotalLabel: 'Order total',
        when: 'The money goes back the way the payment came; it usually reaches your account within a few working days.',
        cta: 'Shopping history',
        invoice: 'If the order has a VAT invoice, the correcting invoice follows in a separate message.',
      },
    },
    slots: (d, lang) => ({
      id: String(d.orderId),
      amount: d.amount,
      refundedTotal: d.refundedTotal,
      total: d.total,
      state: INVOICE_TEMPLATES['order-refunded'].copy[lang][d.full ? 'stateFull' : 'statePartial']!,
      url: d.url,
    }),
  },
  'order-invoice': {
    blocks: [
      { kind: 'text', copy: 'intro' },
      {
        kind: 'details',
        rows: [
          { label: 'numberLabel', value: '{{number}}' },
          { label: 'dateLabel', value: '{{date}}' },
          { label: 'grossLabel', value: '{{gross}}' },
        ],
      },
      { kind: 'text', copy: 'where' },
      { kind: 'button', copy: 'cta', href: 'url' },
    ],
    copy: {
      pl: {
        subject: 'Excellence Club: {{docName}} {{number}} do zamówienia nr {{id}}',
        preheader: 'Wystawiliśmy {{doc}} {{number}}',
        heading: 'Wystawiliśmy {{doc}}',
        intro: 'Do zamówienia nr {{id}} wystawiliśmy {{doc}} {{number}}.{{corrects}}',
        docINVOICE: 'fakturę VAT',
        docCORRECTION: 'fakturę korygującą',
        nameINVOICE: 'Faktura VAT',
        nameCORRECTION: 'Faktura korygująca',
        corrects: ' Koryguje ona fakturę {{original}} o zwróconą kwotę.',
        numberLabel: 'Numer',
        dateLabel: 'Data wystawienia',
        grossLabelINVOICE: 'Kwota brutto',
        grossLabelCORRECTION: 'Kwota korekty brutto',
        grossLabel: '{{grossLabel}}',
        where:
          'Plik PDF pobierzesz w panelu Excellence Club: Konto → Historia zamówień, w szczegółach zamówienia (po zalogowaniu).',
        cta: 'Historia zamówień',
      },
      en: {
        subject: 'Excellence Club: {{docName}} {{number}} for order no. {{id}}',
        preheader: 'We have issued {{doc}} {{number}}',
        heading: 'We have issued {{doc}}',
        intro: 'We have issued {{doc}} {{number}} for order no. {{id}}.{{corrects}}',
        docINVOICE: 'VAT invoice',
        docCORRECTION: 'correcting invoice',
        nameINVOICE: 'VAT invoice',
        nameCORRECTION: 'Correcting invoice',
        corrects: ' It corrects invoice {{original}} by the refunded amount.',
        numberLabel: 'Number',
        dateLabel: 'Issued on',
        grossLabelINVOICE: 'Gross amount',
        grossLabelCORRECTION: 'Gross amount of the correction',
        grossLabel: '{{grossLabel}}',
        where:
          'Download the PDF in the Excellence Club panel: Account → Shopping history, in the order’s details (after signing in).',
        cta: 'Shopping history',
      },
    },
    slots: (d, lang) => {
      const copy = INVOICE_TEMPLATES['order-invoice'].copy[lang];
      return {
        id: String(d.orderId),
        doc: copy[`doc${d.kind}`]!,
        docName: copy[`name${d.kind}`]!,
        number: d.number,
        corrects:
          d.kind === 'CORRECTION' && d.corrects ? copy.corrects!.replace('{{original}}', d.corrects) : '',
        grossLabel: copy[`grossLabel${d.kind}`]!,
        gross: d.gross,
        date: longDay(d.issueDate, lang),
        url: d.url,
      };
    },
  },
};
