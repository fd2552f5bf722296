export const dealersMessages = {
  pl: {
    emailTaken: 'Ten adres e-mail jest już zarejestrowany w klubie.',
    vinTaken: 'Samochód o tym numerze VIN jest już zarejestrowany w klubie.',
    unknownLanguage: 'Nieznany język.',
    linkInvalid: 'Ten link wygasł lub został już wykorzystany.',
  },
  en: {
    emailTaken: 'This e-mail address is already registered in the club.',
    vinTaken: 'A car with this VIN is already registered in the club.',
    unknownLanguage: 'Unknown language.',
    linkInvalid: 'This link has expired or has already been used.',
  },
};
