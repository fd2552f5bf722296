export const accountMessages = {
  pl: {
    unknownLanguage: 'Nieznany język.',
    unknownInterest: 'Wybrano nieznane zainteresowanie.',
    calendar: {
      name: 'Excellence Club – moje wydarzenia',
      description: 'Opłacone wydarzenia i podróże Excellence Club.',
      seats_one: 'Zarezerwowane miejsca: {{count}}',
      seats_few: 'Zarezerwowane miejsca: {{count}}',
      seats_many: 'Zarezerwowane miejsca: {{count}}',
      seats_other: 'Zarezerwowane miejsca: {{count}}',
    },
  },
  en: {
    unknownLanguage: 'Unknown language.',
    unknownInterest: 'An unknown interest was selected.',
    calendar: {
      name: 'Excellence Club – my experiences',
      description: 'Paid Excellence Club events and trips.',
      seats_one: '{{count}} seat booked',
      seats_other: '{{count}} seats booked',
    },
  },
};
