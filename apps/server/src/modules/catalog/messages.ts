export const catalogMessages = {
  pl: {
    copySuffix: '(kopia)',
    notificationUnavailable: 'Dla tego wydarzenia nie można teraz ustawić powiadomienia.',
  },
  en: {
    copySuffix: '(copy)',
    notificationUnavailable: 'A notification cannot be set for this experience now.',
  },
};
