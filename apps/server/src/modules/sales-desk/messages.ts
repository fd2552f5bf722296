export const salesDeskMessages = {
  pl: {
    cannotPayCancelled: 'To zamówienie jest anulowane lub wygasło: nie można go oznaczyć jako opłacone.',
    alreadyCancelled: 'To zamówienie jest już anulowane.',
    alreadyPaid: 'To zamówienie jest już opłacone.',
    notPaid: 'To zamówienie nie zostało opłacone: nie ma czego zwracać.',
    paidByTransfer:
      'To zamówienie opłacono przelewem: pieniądze zwraca się przelewem, a nie przez operatora płatności.',
    refundTooMuch: 'Zwrot nie może przekroczyć wpłaconej kwoty: do zwrotu pozostało {{amount}}.',
    refundReferenceRequired: 'Podaj numer referencyjny przelewu zwrotnego wysłanego z banku klubu.',
    offerClosed:
      'To miejsce nie czeka już na tę osobę (zostało zarezerwowane, przekazane dalej lub czas minął). Lista została odświeżona.',
    notInLine: 'Tej osoby nie ma już na liście oczekujących.',
    csv: {
      order: 'Nr zamówienia',
      status: 'Status',
      name: 'Imię',
      surname: 'Nazwisko',
      role: 'Uczestnik',
      member: 'Członek klubu',
      guest: 'Osoba towarzysząca',
      email: 'E-mail członka',
      phone: 'Telefon członka',
      answer: 'Odpowiedź',
    },
  },
  en: {
    cannotPayCancelled: 'This order is cancelled or has expired: it cannot be marked as paid.',
    alreadyCancelled: 'This order is already cancelled.',
    alreadyPaid: 'This order is already paid.',
    notPaid: 'This order has not been paid: there is nothing to refund.',
    paidByTransfer:
      'This order was paid by bank transfer: return the money by transfer, not through the payment operator.',
    refundTooMuch: 'A refund cannot exceed what was paid: {{amount}} can still be returned.',
    refundReferenceRequired: "Give the reference of the refund transfer sent from the club's bank.",
    offerClosed:
      'This seat is no longer held for this member (booked, passed on or its time ran out). The list has been refreshed.',
    notInLine: 'This member is no longer on the waiting list.',
    csv: {
      order: 'Order no.',
      status: 'Status',
      name: 'Name',
      surname: 'Surname',
      role: 'Attendee',
      member: 'Club member',
      guest: 'Accompanying person',
      email: "Member's e-mail",
      phone: "Member's phone",
      answer: 'Answer',
    },
  },
};
