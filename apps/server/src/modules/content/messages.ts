export const contentMessages = {
  pl: {
    emailTitle: 'E-mail',
    phoneTitle: 'Telefon',
    daysTitle: 'Godziny pracy concierge',
    noSuchMember: 'Nie ma członka klubu z takim adresem e-mail ani numerem karty klubowej.',
  },
  en: {
    emailTitle: 'E-mail',
    phoneTitle: 'Phone',
    daysTitle: 'Concierge hours',
    noSuchMember: 'No club member has this e-mail address or club card number.',
  },
};
