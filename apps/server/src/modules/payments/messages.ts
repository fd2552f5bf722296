export const paymentsMessages = {
  pl: {
    invalidNotification: 'Nieprawidłowe powiadomienie o płatności.',
    unavailable:
      'Operator płatności jest chwilowo niedostępny. Zamówienie zostało anulowane, spróbuj ponownie później.',
    sandbox: {
      title: 'Płatność testowa',
      intro: 'To jest testowy operator płatności Excellence Club. Żadne pieniądze nie zostaną pobrane.',
      order: 'Zamówienie nr {{id}}',
      amount: 'Do zapłaty',
      quantity: 'Liczba osób',
      pay: 'Zapłać',
      cancel: 'Anuluj płatność',
      notFound: 'Nie znaleziono płatności. Link jest nieprawidłowy.',
      notWaiting: 'To zamówienie nie oczekuje już na płatność.',
      cancelledTitle: 'Płatność anulowana',
      cancelledText: 'Zamówienie nr {{id}} nie zostało opłacone. Zarezerwowane miejsca zostały zwolnione.',
      back: 'Wróć do Excellence Club',
    },
  },
  en: {
    invalidNotification: 'Invalid payment notification.',
    unavailable: 'The payment operator is unavailable. The order has been cancelled; please try again later.',
    sandbox: {
      title: 'Test payment',
      intro: 'This is the Excellence Club test payment operator. No money will be taken.',
      order: 'Order no. {{id}}',
      amount: 'Amount due',
      quantity: 'Persons',
      pay: 'Pay',
      cancel: 'Cancel payment',
      notFound: 'Payment not found. The link is not valid.',
      notWaiting: 'This order no longer waits for payment.',
      cancelledTitle: 'Payment cancelled',
      cancelledText: 'Order no. {{id}} has not been paid. The seats it held have been released.',
      back: 'Back to Excellence Club',
    },
  },
};
