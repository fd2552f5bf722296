export const contentMessages = {
  pl: { emailTitle: 'E-mail', phoneTitle: 'Telefon', daysTitle: 'Godziny pracy concierge' },
  en: { emailTitle: 'E-mail', phoneTitle: 'Phone', daysTitle: 'Concierge hours' },
};
