/** The member's export (docs/privacy.md): its refusals, in Polish and English. */
export const privacyExportMessages = {
  pl: {
    inProgress: 'Kopia Twoich danych jest już przygotowywana. Powiadomimy Cię, gdy będzie gotowa.',
    notReady: 'Kopia Twoich danych nie jest jeszcze gotowa.',
    gone: 'Ten plik został już pobrany albo minął czas na jego pobranie. Możesz poprosić o nową kopię.',
    tooMany_one: 'Kopię danych można zamówić {{max}} razy na dobę. Kolejną zamówisz za {{count}} godzinę.',
    tooMany_few: 'Kopię danych można zamówić {{max}} razy na dobę. Kolejną zamówisz za {{count}} godziny.',
    tooMany_many: 'Kopię danych można zamówić {{max}} razy na dobę. Kolejną zamówisz za {{count}} godzin.',
    tooMany_other: 'Kopię danych można zamówić {{max}} razy na dobę. Kolejną zamówisz za {{count}} godziny.',
  },
  en: {
    inProgress: 'A copy of your data is already being prepared. We will let you know when it is ready.',
    notReady: 'The copy of your data is not ready yet.',
    gone: 'This file has already been downloaded or its time is up. You can ask for a new copy.',
    tooMany_one:
      'A copy of your data can be requested {{max}} times a day. You can request the next one in {{count}} hour.',
    tooMany_other:
      'A copy of your data can be requested {{max}} times a day. You can request the next one in {{count}} hours.',
  },
};
