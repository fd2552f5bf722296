/** The outbox's texts in the console's answers. */
export const mailMessages = {
  pl: {
    notFailed: 'Ponownie wysłać można tylko wiadomość, której wysyłka się nie powiodła.',
    hiddenLink: '[link ukryty: jednorazowy link otrzymuje tylko adresat]',
  },
  en: {
    notFailed: 'Only a mail whose delivery failed can be sent again.',
    hiddenLink: '[link hidden: only the recipient receives this single-use link]',
  },
};
