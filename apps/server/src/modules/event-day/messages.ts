export const eventDayMessages = {
  pl: {
    notCheckedIn: 'Ta osoba nie jest teraz wpuszczona na tej liście: nie ma czego wymeldować.',
    checkOutNotAllowed:
      'Ta lista nie prowadzi wymeldowań: włącz je w ustawieniach listy, jeśli goście wychodzą i wracają.',
    listIsDefault: 'Głównej listy wydarzenia nie można usunąć.',
    listInUse:
      'Na tej liście ktoś już został wpuszczony: zostaje, by zachować obecność. Możesz zmienić jej nazwę.',
  },
  en: {
    notCheckedIn: 'This person is not checked in on this list right now: there is nothing to check out.',
    checkOutNotAllowed:
      'This list does not keep check-outs: turn them on in its settings if guests leave and come back.',
    listIsDefault: "The experience's main list cannot be removed.",
    listInUse:
      'Someone was already let in on this list: it stays, to keep the attendance. You can rename it.',
  },
};
