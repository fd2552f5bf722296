/** The outbox's texts in the console's answers. */
export const mailMessages = {
  pl: {
    notFailed: 'Ponownie wysłać można tylko wiadomość, której wysyłka się nie powiodła.',
  },
  en: {
    notFailed: 'Only a mail whose delivery failed can be sent again.',
  },
};
