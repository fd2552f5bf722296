export const invoicesMessages = {
  pl: {
    notPaid: 'Zamówienie nr {{id}} nie jest opłacone: fakturę wystawia się dopiero po zapłacie.',
    notRequested: 'Klubowicz nie prosił o fakturę do tego zamówienia (brak danych do faktury).',
    exists: 'Faktura do tego zamówienia została już wystawiona: {{number}}.',
    missing: 'To zamówienie nie ma faktury: korekty wystawia się tylko do wystawionej faktury.',
    correctionAmount:
      'Kwota korekty musi być większa od zera i nie większa niż {{left}} zł (pozostała wartość faktury).',
  },
  en: {
    notPaid: 'Order {{id}} is not paid: an invoice is issued only after payment.',
    notRequested: 'The member did not ask for an invoice for this order (no invoice data).',
    exists: 'The invoice of this order has already been issued: {{number}}.',
    missing: 'This order has no invoice: a correcting invoice corrects an issued invoice only.',
    correctionAmount:
      'The correction must be above zero and at most {{left}} zł (what is left of the invoice).',
  },
};
