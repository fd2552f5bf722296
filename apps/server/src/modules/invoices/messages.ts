export const invoicesMessages = {
  pl: {
    notPaid: 'Zamówienie nr {{id}} nie jest opłacone: fakturę wystawia się dopiero po zapłacie.',
    notRequested: 'Klubowicz nie prosił o fakturę do tego zamówienia (brak danych do faktury).',
    exists: 'Faktura do tego zamówienia została już wystawiona: {{number}}.',
    missing: 'To zamówienie nie ma faktury: korekty wystawia się tylko do wystawionej faktury.',
    correctionAmount:
      'Kwota korekty musi być większa od zera i nie większa niż {{left}} zł (pozostała wartość faktury).',
    ksefNotRejected:
      'Faktury {{number}} nie można wysłać ponownie: KSeF jej nie odrzucił (czeka na wysyłkę albo ma już numer KSeF).',
    ksefStandInOff: 'Zaślepka KSeF nie działa w tej instalacji (KSEF_ENV nie jest stand-in).',
    mixedMargin:
      'Zamówienie łączy wyjazd w procedurze marży (art. 119) z innymi wydarzeniami: jedna faktura nie może obejmować obu. Wystaw fakturę ręcznie albo zmień ustawienie wydarzenia.',
  },
  en: {
    notPaid: 'Order {{id}} is not paid: an invoice is issued only after payment.',
    notRequested: 'The member did not ask for an invoice for this order (no invoice data).',
    exists: 'The invoice of this order has already been issued: {{number}}.',
    missing: 'This order has no invoice: a correcting invoice corrects an issued invoice only.',
    correctionAmount:
      'The correction must be above zero and at most {{left}} zł (what is left of the invoice).',
    ksefNotRejected:
      'Invoice {{number}} cannot be sent again: KSeF did not reject it (it is waiting to be sent or already has a KSeF number).',
    ksefStandInOff: 'The KSeF stand-in is not served by this installation (KSEF_ENV is not stand-in).',
    mixedMargin:
      'The order mixes a trip in the margin scheme (art. 119) with other experiences: one invoice cannot cover both. Issue it by hand or change the experience’s setting.',
  },
};
