export const catalogMessages = {
  pl: {
    copySuffix: '(kopia)',
    notificationUnavailable: 'Dla tego wydarzenia nie można teraz ustawić powiadomienia.',
    waitingListMailSubject: 'Excellence Club: {{name}} – są wolne miejsca',
    waitingListMailText:
      'Dzień dobry,\n\nprosili Państwo o powiadomienie: wydarzenie „{{name}}” jest dostępne w panelu Excellence Club.\n{{url}}\n\nZespół Excellence Club',
  },
  en: {
    copySuffix: '(copy)',
    notificationUnavailable: 'A notification cannot be set for this experience now.',
    waitingListMailSubject: 'Excellence Club: {{name}} is available',
    waitingListMailText:
      'Hello,\n\nyou asked to be told: "{{name}}" is now available in the Excellence Club panel.\n{{url}}\n\nThe Excellence Club team',
  },
};
