export const cartMessages = {
  pl: {
    productUnavailable: 'Tego doświadczenia nie można teraz zamówić.',
    alreadyInCart: 'To doświadczenie jest już w koszyku.',
    empty: 'Twój koszyk jest pusty.',
    notFilled: 'Niektóre produkty wymagają uzupełnienia danych.',
    limitReached: 'Osiągnięto limit zakupu dla „{{name}}”.',
    soldOut: 'Brak wolnych miejsc na „{{name}}”.',
    discountInactive: 'Podany kod rabatowy jest nieaktywny. Rabat nie został naliczony.',
    discountUsed: 'Ten kod został już przez Ciebie wykorzystany. Rabat nie został naliczony.',
    invoiceDataMissing: 'Uzupełnij dane do faktury, aby zamówić z fakturą VAT.',
  },
  en: {
    productUnavailable: 'This experience cannot be ordered now.',
    alreadyInCart: 'This experience is already in your cart.',
    empty: 'Your cart is empty.',
    notFilled: 'Some products need data to be filled.',
    limitReached: 'The purchase limit for "{{name}}" has been reached.',
    soldOut: 'There are no seats left for "{{name}}".',
    discountInactive: 'The provided discount code is inactive. No discount has been applied.',
    discountUsed: 'You have already used this code. No discount has been applied.',
    invoiceDataMissing: 'Fill in your invoice data to order with a VAT invoice.',
  },
};
