/** The outbox's texts in the console's answers. */
export const mailMessages = {
  pl: {
    notFailed: 'Ponownie wysłać można tylko wiadomość, której wysyłka się nie powiodła.',
    hiddenLink: '[link ukryty: jednorazowy link otrzymuje tylko adresat]',
    linkGone:
      'Jednorazowego linku tej wiadomości już nie ma: adresat musi poprosić o nowy (np. „Nie pamiętasz hasła?”) albo trzeba wysłać nowe zaproszenie.',
  },
  en: {
    notFailed: 'Only a mail whose delivery failed can be sent again.',
    hiddenLink: '[link hidden: only the recipient receives this single-use link]',
    linkGone:
      "This mail's single-use link is gone: the recipient must ask for a new one (e.g. “Forgot your password?”) or a new invitation must be sent.",
  },
};
