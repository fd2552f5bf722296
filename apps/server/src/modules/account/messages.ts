export const accountMessages = {
  pl: {
    unknownLanguage: 'Nieznany język.',
  },
  en: {
    unknownLanguage: 'Unknown language.',
  },
};
