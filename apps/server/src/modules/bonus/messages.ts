export const bonusMessages = {
  pl: {
    alreadyJoined: 'Już należysz do programu bonusowego.',
    unknownTaxOffice: 'Wybierz urząd skarbowy z listy.',
    mail: {
      joinedSubject: 'Excellence Club: zgłoszenie do programu bonusowego',
      joinedText:
        'Dzień dobry,\n\ndziękujemy za zgłoszenie do programu bonusowego Excellence Club. Forma opodatkowania: {{form}}.{{office}}\n\nW razie pytań skontaktuj się z opiekunem klubu.\n\nExcellence Club',
      officeLine: ' Urząd skarbowy: {{office}}.',
    },
  },
  en: {
    alreadyJoined: 'You have already joined the bonus programme.',
    unknownTaxOffice: 'Choose a tax office from the list.',
    mail: {
      joinedSubject: 'Excellence Club: bonus programme sign-up',
      joinedText:
        'Hello,\n\nthank you for joining the Excellence Club bonus programme. Taxation form: {{form}}.{{office}}\n\nIf you have any questions, contact the club.\n\nExcellence Club',
      officeLine: ' Tax office: {{office}}.',
    },
  },
};
