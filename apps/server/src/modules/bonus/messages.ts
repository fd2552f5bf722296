export const bonusMessages = {
  pl: {
    alreadyJoined: 'Już należysz do programu bonusowego.',
    unknownTaxOffice: 'Wybierz urząd skarbowy z listy.',
  },
  en: {
    alreadyJoined: 'You have already joined the bonus programme.',
    unknownTaxOffice: 'Choose a tax office from the list.',
  },
};
