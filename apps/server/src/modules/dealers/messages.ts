export const dealersMessages = {
  pl: {
    emailTaken: 'Ten adres e-mail jest już zarejestrowany w klubie.',
    vinTaken: 'Samochód o tym numerze VIN jest już zarejestrowany w klubie.',
    unknownLanguage: 'Nieznany język.',
    linkInvalid: 'Ten link wygasł lub został już wykorzystany.',
    mail: {
      invitationSubject: 'Excellence Club: zaproszenie do klubu',
      invitationText:
        'Dzień dobry,\n\n{{dealer}} zaprasza Pana/Panią do Excellence Club. Aby dołączyć, zapoznaj się z regulaminem i zaznacz zgody pod adresem:\n\n{{link}}\n\nLink jest ważny {{days}} dni.\n\nExcellence Club',
      agreementsSubject: 'Excellence Club: dziękujemy za akceptację zgód',
      agreementsText:
        'Dzień dobry,\n\ndziękujemy za zapoznanie się z regulaminem i zaznaczenie zgód. Gdy Twój dealer uzupełni numer zamówienia samochodu, otrzymasz wiadomość z linkiem do ustawienia hasła i aktywacji konta.\n\nExcellence Club',
      activationSubject: 'Excellence Club: aktywuj konto',
      activationText:
        'Dzień dobry,\n\nTwoje konto w Excellence Club jest gotowe do aktywacji. Ustaw hasło pod adresem:\n\n{{link}}\n\nLink jest ważny {{days}} dni.\n\nExcellence Club',
      welcomeSubject: 'Excellence Club: witamy w klubie',
      welcomeText:
        'Dzień dobry,\n\nTwoje konto jest aktywne. Numer Twojej karty klubowej to {{card}}, karta jest ważna do {{validTo}}.\n\nZaloguj się: {{link}}\n\nExcellence Club',
    },
  },
  en: {
    emailTaken: 'This e-mail address is already registered in the club.',
    vinTaken: 'A car with this VIN is already registered in the club.',
    unknownLanguage: 'Unknown language.',
    linkInvalid: 'This link has expired or has already been used.',
    mail: {
      invitationSubject: 'Excellence Club: your invitation',
      invitationText:
        'Hello,\n\n{{dealer}} invites you to the Excellence Club. To join, read the rules and tick the consents at:\n\n{{link}}\n\nThe link is valid for {{days}} days.\n\nExcellence Club',
      agreementsSubject: 'Excellence Club: thank you for your consents',
      agreementsText:
        'Hello,\n\nthank you for reading the rules and ticking the consents. Once your dealer enters the order number of your car, you will receive a link to set your password and activate the account.\n\nExcellence Club',
      activationSubject: 'Excellence Club: activate your account',
      activationText:
        'Hello,\n\nyour Excellence Club account is ready. Set your password at:\n\n{{link}}\n\nThe link is valid for {{days}} days.\n\nExcellence Club',
      welcomeSubject: 'Excellence Club: welcome to the club',
      welcomeText:
        'Hello,\n\nyour account is active. Your club card number is {{card}}, valid until {{validTo}}.\n\nSign in: {{link}}\n\nExcellence Club',
    },
  },
};
