export const ordersMessages = {
  pl: {
    status: { WAITING_PAYMENT: 'Oczekuje na płatność', PAID: 'Opłacone', CANCELLED: 'Anulowane' },
  },
  en: {
    status: { WAITING_PAYMENT: 'Waiting for payment', PAID: 'Paid', CANCELLED: 'Cancelled' },
  },
};
