export const ordersMessages = {
  pl: {
    status: { WAITING_PAYMENT: 'Oczekuje na płatność', PAID: 'Opłacone', CANCELLED: 'Anulowane' },
    mail: {
      paidSubject: 'Excellence Club: zamówienie nr {{id}} opłacone',
      paidText:
        'Dzień dobry,\n\ndziękujemy: zamówienie nr {{id}} na kwotę {{total}} zostało opłacone.\n\n{{lines}}\n\nHistoria zamówień: {{url}}\n\nZespół Excellence Club',
      cancelledSubject: 'Excellence Club: zamówienie nr {{id}} anulowane',
      cancelledText:
        'Dzień dobry,\n\nzamówienie nr {{id}} nie zostało opłacone i zostało anulowane, a zarezerwowane miejsca zwolnione.\n\nHistoria zamówień: {{url}}\n\nZespół Excellence Club',
      cancelledByClubText:
        'Dzień dobry,\n\nzamówienie nr {{id}} zostało anulowane przez Excellence Club, a zarezerwowane miejsca zwolnione. Jeśli zamówienie było opłacone, zwrot pieniędzy otrzymają Państwo osobno. W razie pytań prosimy o kontakt.\n\nHistoria zamówień: {{url}}\n\nZespół Excellence Club',
    },
  },
  en: {
    status: { WAITING_PAYMENT: 'Waiting for payment', PAID: 'Paid', CANCELLED: 'Cancelled' },
    mail: {
      paidSubject: 'Excellence Club: order no. {{id}} paid',
      paidText:
        'Hello,\n\nthank you: order no. {{id}} of {{total}} has been paid.\n\n{{lines}}\n\nShopping history: {{url}}\n\nThe Excellence Club team',
      cancelledSubject: 'Excellence Club: order no. {{id}} cancelled',
      cancelledText:
        'Hello,\n\norder no. {{id}} was not paid and has been cancelled; the seats it held are released.\n\nShopping history: {{url}}\n\nThe Excellence Club team',
      cancelledByClubText:
        'Hello,\n\norder no. {{id}} has been cancelled by the Excellence Club and the seats it held are released. If it was paid, the refund reaches you separately. Please contact us with any questions.\n\nShopping history: {{url}}\n\nThe Excellence Club team',
    },
  },
};
